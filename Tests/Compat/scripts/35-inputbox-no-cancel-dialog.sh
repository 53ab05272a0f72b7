# keys: wait:Name tab enter
# programs: dialog
# compare: all
x=$($D --no-cancel --inputbox "Name" 8 40 Bo 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
