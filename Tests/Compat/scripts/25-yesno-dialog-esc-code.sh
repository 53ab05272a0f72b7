# keys: wait:Proceed esc
# programs: dialog
# compare: all
DIALOG_ESC=9 $D --yesno "Proceed?" 8 40
echo "rc=$?" > out
