# keys: wait:Pick enter
# programs: dialog
# compare: all
$D --calendar "Pick a day" 0 0 26 11 2026 2> answer
echo "rc=$?" > out
