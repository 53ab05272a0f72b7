# keys: wait:file.txt enter
# programs: dialog
# compare: all
mkdir -p dir && echo x > dir/file.txt
$D --fselect "$PWD/dir/" 14 50 2> answer
echo "rc=$?" > out
sed "s|$PWD|PWD|" answer > answer.rel && rm answer
rm -r dir
