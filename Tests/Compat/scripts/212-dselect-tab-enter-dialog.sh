# keys: wait:sub tab enter
# programs: dialog
# compare: all
mkdir -p files/sub files/subway
c=$($D --dselect files/ 14 50 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
rm -r files
