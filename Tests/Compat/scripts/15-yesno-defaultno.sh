# keys: wait:Delete enter
# programs: both
# compare: all
$D --defaultno --yesno "Delete all?" 8 40
echo "rc=$?" > out
