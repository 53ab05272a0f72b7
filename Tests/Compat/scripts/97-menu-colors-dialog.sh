# keys: wait:Pick! down enter
# programs: dialog
# compare: all
c=$($D --colors --menu "\Zu\Z2Pick!\Zn" 15 40 4 a "\Z1Alpha\Zn" b "\ZrBeta" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
