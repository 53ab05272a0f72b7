# keys: 
# programs: dialog
# compare: all
s=$(date +%s)
$D --sleep 2 --infobox "Installing" 5 30
e=$(date +%s)
[ $((e - s)) -ge 2 ] && echo "slept rc=$?" > out || echo "did not sleep" > out
