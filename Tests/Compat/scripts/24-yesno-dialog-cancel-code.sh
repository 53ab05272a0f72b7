# keys: wait:Proceed tab enter
# programs: dialog
# compare: all
DIALOG_CANCEL=7 $D --yesno "Proceed?" 8 40
echo "rc=$?" > out
