# keys: wait:Proceed tab enter
# programs: both
# compare: all
$D --yesno "Proceed?" 8 40
echo "rc=$?" > out
