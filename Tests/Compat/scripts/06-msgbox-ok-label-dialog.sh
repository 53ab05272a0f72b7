# keys: wait:Read enter
# programs: dialog
# compare: all
$D --ok-label "Got it" --msgbox "Read me" 8 40
echo "rc=$?" > out
