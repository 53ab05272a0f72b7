# keys: wait:\Z1 enter
# programs: whiptail
# compare: all
$D --yesno "whiptail keeps \Z1 as text" 8 40
echo "rc=$?" > out
