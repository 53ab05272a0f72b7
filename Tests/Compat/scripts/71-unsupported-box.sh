# keys: esc
# programs: whiptail
# compare: all
$D --calendar "Date" 8 40 2> /dev/null
echo "rc=$?" > out
