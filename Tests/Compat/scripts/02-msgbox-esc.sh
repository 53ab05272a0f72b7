# keys: wait:Backup esc
# programs: both
# compare: all
$D --msgbox "Backup finished" 8 40
echo "rc=$?" > out
