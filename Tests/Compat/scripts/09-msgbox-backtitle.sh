# keys: wait:Welcome enter
# programs: both
# compare: all
$D --backtitle "Setup wizard" --title "Step 1" --msgbox "Welcome" 8 40
echo "rc=$?" > out
