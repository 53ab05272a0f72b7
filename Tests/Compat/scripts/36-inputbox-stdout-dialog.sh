# keys: wait:Name enter
# programs: dialog
# compare: all
x=$($D --inputbox "Name" 8 40 Lu --stdout)
echo "[$x] rc=$?" > out
