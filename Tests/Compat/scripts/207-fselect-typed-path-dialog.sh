# keys: wait:files type:files/b.txt enter
# programs: dialog
# compare: all
mkdir files && touch files/a.txt
c=$($D --fselect files/ 14 50 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
rm -r files
