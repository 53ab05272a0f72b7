# keys: wait:Pick down down down type:b enter
# programs: both
# compare: all
c=$($D --menu "Pick" 15 40 5 a1 "" b "" a2 "" a3 "" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
