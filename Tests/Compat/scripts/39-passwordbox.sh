# keys: wait:Password type:s3cr3t enter
# programs: both
# compare: all
pw=$($D --passwordbox "Password" 8 40 3>&1 1>&2 2>&3)
echo "[$pw] rc=$?" > out
