# keys: wait:Rebooting tab enter
# programs: dialog
# compare: all
$D --pause "Rebooting soon" 10 40 30
echo "rc=$?" > out
