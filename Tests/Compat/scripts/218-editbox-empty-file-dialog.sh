# keys: wait:OK tab enter
# programs: dialog
# compare: all
: > empty.txt
$D --editbox empty.txt 0 0 2> answer
echo "rc=$?" > out
rm empty.txt
