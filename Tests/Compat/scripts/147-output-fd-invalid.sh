# keys: 
# programs: dialog
# compare: all
for fd in abc -1 99999999999 77; do
  $D --output-fd $fd --passwordbox "Secret" 8 40 2>> err
  echo "$fd rc=$?" >> out
done
