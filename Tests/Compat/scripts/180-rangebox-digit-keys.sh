# keys: wait:Volume left up up enter
# programs: dialog
# compare: all
$D --rangebox "Volume" 0 60 0 100 40 2> answer
echo "rc=$?" > out
