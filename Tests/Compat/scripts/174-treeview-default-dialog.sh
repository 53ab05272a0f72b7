# keys: wait:Sources down down enter
# programs: dialog
# compare: all
# Enter answers the item marked on, not the one the cursor is on.
$D --treeview "Config?" 0 0 0 a Apt off 0 b Sources on 1 c Ssh off 0 2> err
echo "rc=$?" > out
