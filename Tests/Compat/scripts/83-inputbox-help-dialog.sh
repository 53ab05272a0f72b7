# keys: wait:Name tab tab tab enter
# programs: dialog
# compare: all
x=$($D --help-button --inputbox "Name" 8 40 Ann 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
