# keys: 
# programs: whiptail
# compare: all
$D --stdout --inputbox "Name" 8 40 Lu > /dev/null 2> err
echo "rc=$?" > out
