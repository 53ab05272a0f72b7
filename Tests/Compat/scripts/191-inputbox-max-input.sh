# keys: wait:Code type:abcdef enter
# programs: dialog
# compare: all
$D --max-input 3 --inputbox "Code" 8 30 2> answer
echo "rc=$?" > out
