# keys: wait:done enter
# programs: both
# compare: all
$D --title "Backup" --msgbox "All done" 8 40
echo "rc=$?" > out
