# keys: wait:Second enter
# programs: both
# compare: all
x=$($D --inputbox "First line\\nSecond line" 10 40 v 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
