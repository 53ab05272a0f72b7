# keys: wait:bx enter
# programs: dialog
# compare: all
$D --separator "|" --buildlist "Pick" 0 0 10 0 a on 1 bx off 2 c on 3 d off 2> answer
echo "rc=$?" > out
