# keys: wait:Overwrite enter
# programs: whiptail
# compare: all
DEFAULT=--defaultno
$D --yesno "Overwrite?" $DEFAULT 8 40
echo "rc=$?" > out
