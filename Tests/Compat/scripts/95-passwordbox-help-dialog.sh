# keys: wait:Secret type:pw tab tab tab enter
# programs: dialog
# compare: all
x=$($D --help-button --passwordbox "Secret" 8 40 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
