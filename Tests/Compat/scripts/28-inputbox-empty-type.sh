# keys: wait:Host type:db.example.org enter
# programs: both
# compare: all
x=$($D --inputbox "Host" 8 40 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
