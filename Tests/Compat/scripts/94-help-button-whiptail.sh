# keys: wait:Read enter
# programs: whiptail
# compare: all
$D --help-button --msgbox "Read this" 8 40 2> err
echo "rc=$?" > out
