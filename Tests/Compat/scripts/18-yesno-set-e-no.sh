# keys: wait:Continue tab enter
# programs: both
# compare: all
set -e
echo start > out
$D --yesno "Continue?" 8 40
echo reached >> out
