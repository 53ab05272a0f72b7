# keys: 
# programs: both
# compare: all
$D --textbox missing.txt 10 40 2> err
echo "rc=$?" > out
