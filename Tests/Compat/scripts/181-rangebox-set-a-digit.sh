# keys: wait:Volume left left type:7 enter
# programs: dialog
# compare: all
$D --rangebox "Volume" 0 60 0 100 40 2> answer
echo "rc=$?" > out
