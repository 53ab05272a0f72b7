# keys: wait:Diskfull! enter
# programs: dialog
# compare: all
$D --colors --title "\Zb\Z4Warn\Zn" --msgbox "Disk\Z1\Zbfull\Zn!" 8 40
echo "rc=$?" > out
