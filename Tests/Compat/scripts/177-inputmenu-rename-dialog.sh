# keys: wait:Apple down tab enter type:X enter
# programs: dialog
# compare: all
# dialog's inputmenu: Rename edits the item in place (from its start); Enter prints RENAMED tag text, exit 3.
$D --inputmenu "Rename?" 0 0 0 a Apple b Banana 2> err
echo "rc=$?" > out
