# keys: wait:One enter wait:Mid enter wait:Two type:z enter
# programs: dialog
# compare: all
c=$($D --separate-widget "|" --title T --inputbox "One" 8 40 a --and-widget --msgbox "Mid" 8 40 --and-widget --inputbox "Two" 8 40 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
