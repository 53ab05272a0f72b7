# keys: wait:First enter
# programs: dialog
# compare: all
$D --msgbox "First" 6 30 --and-widget --inputbox "Name?" 2> answer
echo "rc=$?" > out
