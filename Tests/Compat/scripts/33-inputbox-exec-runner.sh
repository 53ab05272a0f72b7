# keys: wait:City enter
# programs: both
# compare: all
exec 3>&1
x=$($D --inputbox "City" 8 40 Paris 2>&1 1>&3)
rc=$?
exec 3>&-
echo "[$x] rc=$rc" > out
