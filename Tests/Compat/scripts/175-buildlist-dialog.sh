# keys: wait:Banana down space up space enter
# programs: dialog
# compare: all
# dialog's buildlist: the chosen tags in list order.
$D --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
