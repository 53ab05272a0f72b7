# keys: wait:Next tab enter wait:Next enter
# programs: dialog
# compare: all
printf 'log line\n' > log
$D --begin 2 2 --tailboxbg log 8 40 --and-widget --begin 12 30 --tailboxbg log 8 40 --and-widget --msgbox "Next" 6 30 2> answer
echo "rc=$?" > out
rm log
