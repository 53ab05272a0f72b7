# keys: wait:two type:X down type:! tab enter
# programs: dialog
# compare: all
# dialog's editbox: the text edited in the box, printed on stderr as it stands (its last newline kept).
printf 'line one\nline two\n' > eb.txt
$D --editbox eb.txt 10 40 2> err
echo "rc=$?" > out
$D --editbox missing.txt 10 40 2>> err
echo "rc=$?" >> out
rm -f eb.txt
