# keys: wait:Pick type:g enter
# programs: both
# compare: all
c=$($D --notags --menu "Pick" 15 40 5 1 "apple" 2 "grape" 3 "kiwi" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
