# keys: wait:Pick down type:s enter
# programs: both
# compare: all
c=$($D --menu "Pick" 15 40 5 s1 "" b "" s2 "" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
