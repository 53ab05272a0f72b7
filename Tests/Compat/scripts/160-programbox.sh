# keys: wait:configuring wait:OK enter
# programs: dialog
# compare: all
(echo unpacking; echo configuring) | $D --programbox "Installing" 12 50
echo "rc=$?" > out
