# keys:
# programs: dialog
# compare: all
# dialog 1.3 takes --ignore but still refuses an option it does not know.
$D --ignore --no-such-option --msgbox "Hello" 8 30 2> answer
echo "rc=$?" > out
$D --no-such-option --msgbox "Hello" 8 30 2> refused
echo "rc=$?" >> out
