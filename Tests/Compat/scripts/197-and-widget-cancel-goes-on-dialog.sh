# keys: wait:One tab tab enter wait:Two enter
# programs: dialog
# compare: all
c=$($D --inputbox "One" 8 40 a --and-widget --inputbox "Two" 8 40 b 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
