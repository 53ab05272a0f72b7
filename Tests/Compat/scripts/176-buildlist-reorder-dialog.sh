# keys: wait:Banana down space up space enter
# programs: dialog
# compare: all
# --reorder: the chosen tags in the order they were chosen (those on at the start first).
$D --reorder --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
