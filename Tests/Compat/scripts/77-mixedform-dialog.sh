# keys: wait:Mixed type:ann enter
# programs: dialog
# compare: all
$D --mixedform "Mixed" 12 50 3 "User:" 1 1 "" 1 10 20 0 0 "Pin:" 2 1 "" 2 10 20 0 1 2> values
echo "rc=$?" > out
