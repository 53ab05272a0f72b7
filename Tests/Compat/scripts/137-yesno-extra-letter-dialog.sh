# keys: wait:Sure type:e
# programs: dialog
# compare: all
$D --extra-button --extra-label Edit --yesno "Sure" 8 40
echo "rc=$?" > out
