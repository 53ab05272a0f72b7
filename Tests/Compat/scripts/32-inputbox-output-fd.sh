# keys: wait:Port enter
# programs: both
# compare: all
exec 3> answer
$D --output-fd 3 --inputbox "Port" 8 40 22 
rc=$?
exec 3>&-
echo "rc=$rc" > out
