# keys: wait:Secret enter
# programs: both
# compare: all
x=$($D --passwordbox "Secret" 8 40 "old pw" 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
