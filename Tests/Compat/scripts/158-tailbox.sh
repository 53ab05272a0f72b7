# keys: wait:second enter
# programs: dialog
# compare: all
printf 'first line\nsecond line\n' > log.txt
$D --title Log --tailbox log.txt 12 50
echo "rc=$?" > out
rm log.txt
