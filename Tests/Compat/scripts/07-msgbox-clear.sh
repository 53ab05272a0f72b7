# keys: wait:Cleared enter
# programs: both
# compare: all
$D --clear --msgbox "Cleared" 8 40
echo "rc=$?" > out
