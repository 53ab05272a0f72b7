# keys:
# programs: dialog
# compare: all
printf 'one\ntwo\n' > log.txt
$D --tailboxbg log.txt 8 40 2> answer
echo "rc=$?" > out
rm log.txt
