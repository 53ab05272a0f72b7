# keys: wait:Sure tab tab enter
# programs: dialog
# compare: all
$D --help-button --yesno "Sure?" 8 40
echo "rc=$?" > out
