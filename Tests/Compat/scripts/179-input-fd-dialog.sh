# keys: wait:hello enter
# programs: dialog
# compare: all
# dialog's --input-fd N: the keys come from the terminal on N; a closed N is dialog's error, 255
# (closed here: a descriptor the harness left open would be a terminal that is not one).
$D --input-fd 3 --msgbox hello 6 20 3</dev/tty 2> err
echo "rc=$?" > out
$D --input-fd 7 --msgbox hello 6 20 7<&- 2>> err
echo "rc=$?" >> out
