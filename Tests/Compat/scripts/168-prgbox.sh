# keys: wait:world wait:OK enter wait:lone wait:OK enter
# programs: dialog
# compare: all
$D --prgbox "Output" "echo hello; echo world" 12 50
echo "rc=$?" > out
$D --prgbox "echo lone line" 10 40
echo "rc=$?" >> out
