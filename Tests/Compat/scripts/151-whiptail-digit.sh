# keys: wait:Pick type:2 enter
# programs: whiptail
# compare: all
$D --menu "Pick" 15 40 4 a "1st" b "2nd" 2 "two" c "third" 2> answer
echo "rc=$?" > out
