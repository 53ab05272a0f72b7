# keys: wait:Pick down enter
# programs: dialog
# compare: all
c=$($D --no-items --menu "Pick" 15 40 4 alpha beta gamma 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
