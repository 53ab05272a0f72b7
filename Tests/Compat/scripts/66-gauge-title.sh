# keys: 
# programs: both
# compare: all
seq 0 20 100 | $D --title "Copy" --gauge "Copying files" 6 50
echo "rc=$?" > out
