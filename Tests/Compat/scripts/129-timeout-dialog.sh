# keys: wait:Waiting
# programs: dialog
# compare: all
$D --timeout 1 --msgbox "Waiting" 8 40
a=$?
DIALOG_TIMEOUT=7 $D --timeout 1 --yesno "Waiting again" 8 40
echo "rc=$a $?" > out
