# keys: wait:Banana tab space enter
# programs: dialog
# compare: all
# Tab goes to Cancel; Space still sends the focused item across; Enter presses Cancel.
$D --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
