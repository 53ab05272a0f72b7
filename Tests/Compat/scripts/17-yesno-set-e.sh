# keys: wait:Continue enter
# programs: both
# compare: all
set -e
$D --yesno "Continue?" 8 40
echo reached > out
