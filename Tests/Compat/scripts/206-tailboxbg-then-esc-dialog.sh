# keys: wait:Next esc
# programs: dialog
# compare: all
printf 'log line\n' > log
$D --tailboxbg log 8 40 --and-widget --msgbox "Next" 6 30
echo "rc=$?" > out
rm log
