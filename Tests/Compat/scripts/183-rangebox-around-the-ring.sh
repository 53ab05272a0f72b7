# keys: wait:Level tab tab down right right right type:9 tab tab enter
# programs: dialog
# compare: all
$D --rangebox "Level" 0 60 -50 250 120 2> answer
echo "rc=$?" > out
