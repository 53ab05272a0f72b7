# keys: wait:gamma enter
# programs: both
# compare: all
printf "alpha\nbeta\ngamma\n" > notes.txt
$D --textbox notes.txt 12 40
echo "rc=$?" > out
