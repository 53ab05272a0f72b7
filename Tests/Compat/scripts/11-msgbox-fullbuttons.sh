# keys: wait:Buttons enter
# programs: whiptail
# compare: all
$D --fb --msgbox "Buttons in full" 8 40
echo "rc=$?" > out
