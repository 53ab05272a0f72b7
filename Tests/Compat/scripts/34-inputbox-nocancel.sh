# keys: wait:Name tab enter
# programs: whiptail
# compare: all
x=$($D --nocancel --inputbox "Name" 8 40 Bo 3>&1 1>&2 2>&3)
echo "[$x] rc=$?" > out
