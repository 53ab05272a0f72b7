# keys: wait:Pick down tab tab enter
# programs: dialog
# compare: all
c=$($D --help-button --help-status --menu "Pick" 15 40 4 bash "Bourne" zsh "Z" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
