# keys: wait:First enter wait:Second type:x enter
# programs: dialog
# compare: all
c=$($D --msgbox "First" 8 40 --and-widget --inputbox "Second" 8 40 a 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
