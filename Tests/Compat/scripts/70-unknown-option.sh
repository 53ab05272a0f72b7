# keys: 
# programs: dialog
# compare: all
$D --fooo --msgbox x 8 40 2> err
echo "rc=$?" > out
