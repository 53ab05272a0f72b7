# keys: wait:name enter
# programs: both
# compare: all
x=$($D --inputbox "Your name" 8 40 Ann 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
