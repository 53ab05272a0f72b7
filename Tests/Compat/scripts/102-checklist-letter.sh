# keys: wait:Parts type:d space enter
# programs: both
# compare: all
c=$($D --checklist "Parts" 15 40 5 core "" off docs "" off tests "" off 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
