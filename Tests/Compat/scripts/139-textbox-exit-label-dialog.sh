# keys: wait:Done enter
# programs: dialog
# compare: all
printf "alpha\nbeta\n" > notes.txt
$D --exit-label Done --textbox notes.txt 10 40
echo "rc=$?" > out
