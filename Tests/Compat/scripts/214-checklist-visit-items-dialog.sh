# keys: wait:bx tab tab enter
# programs: dialog
# compare: all
$D --visit-items --checklist "Pick" 0 0 10 0 a on 1 bx off 2> answer
echo "rc=$?" > out
