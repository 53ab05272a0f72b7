# keys: 
# programs: both
# compare: all
$D --infobox "Please wait" 8 40
echo "rc=$?" > out
