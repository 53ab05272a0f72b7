# keys: wait:Sure enter
# programs: dialog
# compare: all
$D --extra-button --default-button extra --yesno "Sure" 8 40
echo "rc=$?" > out
