# keys: wait:hello tab enter
# programs: dialog
# compare: all
echo hello > t.txt
$D --extra-button --textbox t.txt 10 40 2> answer
echo "rc=$?" > out
rm t.txt
