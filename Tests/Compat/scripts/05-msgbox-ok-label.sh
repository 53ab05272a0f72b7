# keys: wait:Read enter
# programs: whiptail
# compare: all
$D --ok-button "Got it" --msgbox "Read me" 8 40
echo "rc=$?" > out
