# keys: wait:first tab enter
# programs: dialog
# compare: all
printf 'first\nsecond\n' > notes
$D --fixed-font --editbox notes 12 40 2> edited
echo "rc=$?" > out
rm notes
