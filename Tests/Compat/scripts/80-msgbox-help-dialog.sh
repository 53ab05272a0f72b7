# keys: wait:Read tab enter
# programs: dialog
# compare: all
$D --help-button --msgbox "Read this" 8 40
echo "rc=$?" > out
