# keys: wait:Size type:l space enter
# programs: both
# compare: all
c=$($D --radiolist "Size" 15 40 5 s "Small" on m "Medium" off l "Large" off 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
