# keys: wait:Pick enter
# programs: dialog
# compare: all
$D --date-format "%Y-%m-%d" --calendar "Pick a day" 0 0 31 1 2027 2> answer
echo "rc=$?" > out
