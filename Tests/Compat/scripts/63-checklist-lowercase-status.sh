# keys: wait:Pick enter
# programs: both
# compare: all
c=$($D --checklist "Pick" 15 50 4 one "1" on two "2" off three "3" on 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
