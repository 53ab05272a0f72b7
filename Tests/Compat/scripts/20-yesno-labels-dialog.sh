# keys: wait:extras tab enter
# programs: dialog
# compare: all
$D --yes-label Install --no-label Skip --yesno "Install extras?" 8 40
echo "rc=$?" > out
