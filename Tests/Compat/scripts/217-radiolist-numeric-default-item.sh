# keys: wait:bx enter
# programs: both
# compare: all
$D --default-item 2 --radiolist "Pick" 12 40 4 0 a off 1 bx off 2 c on 3 d off 2> answer
echo "rc=$?" > out
