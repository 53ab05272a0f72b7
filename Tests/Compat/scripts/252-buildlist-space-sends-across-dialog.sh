# keys: wait:Banana space space enter
# programs: dialog
# compare: all
# Space sends the focused item to the other list; the focus keeps its row, or follows the last one across.
$D --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
