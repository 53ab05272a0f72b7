# keys: wait:third tab tab enter
# programs: dialog
# compare: all
printf 'first line\nsecond line\nthird line\n' > log.txt
$D --tailbox log.txt 12 50 2> answer
echo "rc=$?" > out
rm log.txt
