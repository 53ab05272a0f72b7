# keys: wait:Pick enter
# programs: dialog
# compare: all
c=$($D --separator , --checklist "Pick" 12 40 4 a Alpha on b Beta on c Gamma off 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
