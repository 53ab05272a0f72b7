# keys: wait:Auto enter
# programs: dialog
# compare: all
$D --msgbox "Auto sized" 0 0
echo "rc=$?" > out
