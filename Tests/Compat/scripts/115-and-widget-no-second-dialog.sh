# keys: wait:One enter wait:Sure tab enter
# programs: dialog
# compare: all
c=$($D --inputbox "One" 8 40 a --and-widget --yesno "Sure" 8 40 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
