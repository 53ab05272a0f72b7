# keys: wait:Cisco tab enter
# programs: dialog
# compare: all
$D --insecure --mixedform "Read only" 20 50 0 \
    "Username :" 1 1 "Kiran" 1 20 10 0 2 \
    "Password :" 2 1 "pass" 2 20 8 0 3 \
    "HOME     :" 3 1 "Cisco" 3 20 40 0 2 2> answer
echo "rc=$?" > out
