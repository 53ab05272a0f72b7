# keys: wait:Next tab enter
# programs: dialog
# compare: all
printf 'log line\n' > log
$D --tailboxbg log 8 40 --and-widget --msgbox "Next" 6 30 2> answer
echo "rc=$?" > out
rm log
