# keys: wait:Password type:hunter2 enter
# programs: both
# compare: all
$D --passwordbox "Password" 8 40 2> secret
echo "rc=$?" > out
