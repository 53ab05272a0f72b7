# keys: wait:done enter
# programs: whiptail
# compare: all
$D --msgbox --title "Backup" "All done" 8 40
echo "rc=$?" > out
