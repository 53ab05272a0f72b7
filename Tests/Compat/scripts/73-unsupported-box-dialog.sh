# keys: wait:Date esc
# programs: dialog
# compare: all
$D --calendar "Date" 0 0 2> /dev/null
echo "rc=$?" > out
