# keys: wait:Done enter
# programs: both
# compare: all
$D --infobox "Working" 8 40
$D --msgbox "Done" 8 40
echo "rc=$?" > out
