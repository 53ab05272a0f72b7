# keys: wait:Size down tab tab enter
# programs: dialog
# compare: all
c=$($D --help-button --help-status --radiolist "Size" 15 40 4 s "Small" ON m "Medium" OFF 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
