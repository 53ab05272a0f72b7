# keys: wait:Sure tab enter
# programs: dialog
# compare: all
$D --extra-button --yesno "Sure?" 8 40
echo "rc=$?" > out
