# keys: wait:Port enter
# programs: both
# compare: all
$D --inputbox "Port" 8 40 8080 2> answer
echo "rc=$?" > out
