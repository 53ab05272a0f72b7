# keys: wait:Read type:o
# programs: dialog
# compare: all
$D --msgbox "Read this" 8 40
echo "rc=$?" > out
