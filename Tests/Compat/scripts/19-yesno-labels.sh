# keys: wait:extras tab enter
# programs: whiptail
# compare: all
$D --yes-button Install --no-button Skip --yesno "Install extras?" 8 40
echo "rc=$?" > out
