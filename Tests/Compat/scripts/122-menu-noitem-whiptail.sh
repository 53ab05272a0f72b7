# keys: wait:Pick down enter
# programs: whiptail
# compare: all
c=$($D --noitem --menu "Pick" 15 40 4 a alpha b beta 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
