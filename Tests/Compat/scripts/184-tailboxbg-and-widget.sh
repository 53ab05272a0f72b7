# keys: wait:third enter
# programs: dialog
# compare: all
printf 'first line\nsecond line\nthird line\n' > log.txt
$D --title Log --tailboxbg log.txt 12 50 --and-widget --msgbox "Read the log behind" 6 30 2> answer
echo "rc=$?" > out
rm log.txt
