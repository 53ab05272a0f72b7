# keys: wait:Secret type:x enter
# programs: both
# compare: all
x=$($D --passwordbox "Secret" 8 40 old 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
