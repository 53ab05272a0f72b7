# keys: wait:world enter wait:lone enter
# programs: dialog
# compare: all
$D --prgbox "Output" "echo hello; echo world" 12 50
echo "rc=$?" > out
$D --prgbox "echo lone line" 10 40
echo "rc=$?" >> out
