# keys: wait:Hello enter
# programs: dialog
# compare: all
$D --print-maxsize --msgbox "Hello" 8 30 2> err
echo "rc=$?" > out
