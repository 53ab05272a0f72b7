# keys: wait:Pick esc
# programs: both
# compare: all
c=$($D --menu "Pick" 15 40 4 a "Alpha" b "Beta" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
