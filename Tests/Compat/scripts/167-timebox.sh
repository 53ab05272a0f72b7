# keys: wait:When enter wait:Start enter
# programs: dialog
# compare: all
$D --timebox "When" 0 0 13 45 10 2> answer
echo "rc=$?" > out
$D --time-format "%H.%M" --timebox "Start" 0 0 7 5 0 2>> answer
echo "rc=$?" >> out
