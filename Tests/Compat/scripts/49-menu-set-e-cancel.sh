# keys: wait:Pick esc
# programs: both
# compare: all
set -e
echo start > out
c=$($D --menu "Pick" 15 40 4 a "Alpha" 3>&1 1>&2 2>&3)
echo "reached [$c]" >> out
