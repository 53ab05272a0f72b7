# keys: 
# programs: dialog
# compare: all
DIALOG_ERROR=7 $D --fooo --msgbox x 8 40 2> /dev/null
a=$?
DIALOG_ERROR=9 $D --msgbox x 8 2> /dev/null
echo "rc=$a $?" > out
