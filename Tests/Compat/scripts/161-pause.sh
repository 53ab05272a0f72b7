# keys: 
# programs: dialog
# compare: all
$D --pause "Rebooting soon" 10 40 1
echo "rc=$?" > out
