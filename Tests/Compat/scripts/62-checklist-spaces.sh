# keys: wait:Pick enter
# programs: both
# compare: all
c=$($D --checklist "Pick" 15 50 4 "a b" "Alpha" on "x" "Beta" on 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
