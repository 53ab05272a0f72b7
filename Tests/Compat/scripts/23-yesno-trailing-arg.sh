# keys: wait:Proceed enter
# programs: whiptail
# compare: all
$D --yesno "Proceed?" 8 40 2
echo "rc=$?" > out
