# keys: wait:file.txt tab enter
# programs: dialog
# compare: all
mkdir -p dir/sub && echo x > dir/file.txt
$D --fselect dir/ 14 50 2> answer
echo "rc=$?" > out
mv answer answer.rel
rm -r dir
