# keys:
# programs: dialog
# compare: all
$D --tailboxbg missing.txt 12 50 --and-widget --msgbox "never shown" 6 30 2> answer
echo "rc=$?" > out
