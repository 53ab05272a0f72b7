# keys: wait:First enter
# programs: dialog
# compare: all
$D --msgbox "First" 6 30 --and-widget --tailboxbg missing.txt 8 40 2> answer
echo "rc=$?" > out
