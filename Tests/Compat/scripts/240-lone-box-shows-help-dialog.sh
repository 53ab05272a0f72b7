# keys:
# programs: dialog
# compare: all
$D --msgbox > help 2> errors
echo "rc=$?" > out
test -s help && echo "help on stdout" >> out
$D --title > help 2>> errors
echo "rc=$?" >> out
test -s help && echo "help on stdout" >> out
rm help
