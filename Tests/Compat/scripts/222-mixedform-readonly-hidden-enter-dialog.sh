# keys: wait:Cisco enter
# programs: dialog
# compare: all
$D --insecure --mixedform "Read only" 20 50 0 \
    "Username :" 1 1 "Kiran" 1 20 10 0 2 \
    "Password :" 2 1 "pass" 2 20 8 0 3 \
    "Secret   :" 3 1 "word" 3 20 8 0 1 \
    "HOME     :" 4 1 "Cisco" 4 20 40 0 2 2> answer
echo "rc=$?" > out
