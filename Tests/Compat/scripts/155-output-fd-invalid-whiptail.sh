# keys: 
# programs: whiptail
# compare: all
for fd in abc 77; do
  $D --output-fd $fd --passwordbox "Secret" 8 40 2>> err
  echo "$fd rc=$?" >> out
done
