# keys: wait:One tab tab enter
# programs: dialog
# compare: all
c=$($D --inputbox "One" 8 40 a --title Second --inputbox "Two" 8 40 b 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
