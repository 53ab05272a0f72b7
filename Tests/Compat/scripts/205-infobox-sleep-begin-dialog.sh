# keys:
# programs: dialog
# compare: all
$D --sleep 1 --begin 2 2 --infobox "Wait" 5 20
echo "rc=$?" > out
