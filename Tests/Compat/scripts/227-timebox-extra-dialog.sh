# keys: wait:OK tab enter
# programs: dialog
# compare: all
$D --extra-button --timebox "When?" 0 0 10 20 30 2> answer
echo "rc=$?" > out
