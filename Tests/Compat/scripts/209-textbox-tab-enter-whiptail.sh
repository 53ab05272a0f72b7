# keys: wait:alpha tab enter
# programs: whiptail
# compare: all
printf 'alpha\nbeta\n' > notes
$D --textbox notes 20 70
echo "rc=$?" > out
rm notes
