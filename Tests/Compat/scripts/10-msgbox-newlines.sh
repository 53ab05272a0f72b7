# keys: wait:two enter
# programs: both
# compare: all
$D --msgbox "line one\\nline two" 10 40
echo "rc=$?" > out
