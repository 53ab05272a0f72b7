# keys: wait:Pick down tab tab enter
# programs: dialog
# compare: all
c=$($D --item-help --help-button --menu "Pick" 15 40 4 a "Alpha" "first" b "Beta" "second" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
