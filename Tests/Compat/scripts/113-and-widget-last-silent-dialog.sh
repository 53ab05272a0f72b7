# keys: wait:One enter wait:Done enter
# programs: dialog
# compare: all
c=$($D --menu "One" 12 40 3 a "" b "" --and-widget --msgbox "Done" 8 40 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
