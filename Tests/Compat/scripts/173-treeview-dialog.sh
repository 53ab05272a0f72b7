# keys: wait:Sources down space enter
# programs: dialog
# compare: all
# dialog's treeview: a radio list drawn as a tree; the marked item's tag is the answer.
$D --treeview "Config?" 0 0 0 a Apt on 0 b Sources off 1 c Preferences off 1 d Ssh off 0 2> err
echo "rc=$?" > out
