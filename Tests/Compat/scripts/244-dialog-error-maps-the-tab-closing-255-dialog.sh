# keys: wait:Next tab enter
# programs: dialog
# compare: all
# The last background box closed by Tab-Enter ends the box with dialog's error: DIALOG_ERROR
# maps it (DIALOG_CANCEL and DIALOG_ESC do not).
printf 'log line\n' > log
DIALOG_ERROR=7 DIALOG_CANCEL=9 DIALOG_ESC=11 $D --tailboxbg log 8 40 --and-widget --msgbox "Next" 6 30 2> answer
echo "rc=$?" > out
rm log
