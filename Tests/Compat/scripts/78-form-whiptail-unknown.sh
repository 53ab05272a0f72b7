# keys: 
# programs: whiptail
# compare: all
$D --form "Account" 12 50 1 "User:" 1 1 "" 1 10 20 0 2> /dev/null
echo "rc=$?" > out
