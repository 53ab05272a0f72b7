# keys: 
# programs: whiptail
# compare: all
mkdir d
$D --textbox d 10 40 2> err
echo "rc=$?" > out
rmdir d
