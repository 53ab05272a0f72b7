# keys: wait:Secret type:pw1 enter
# programs: dialog
# compare: all
$D --passwordform "Secret" 10 50 1 "Password:" 1 1 "" 1 12 20 0 2> values
echo "rc=$?" > out
