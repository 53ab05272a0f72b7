# keys: wait:Pick down space enter
# programs: whiptail
# compare: all
c=$($D --noitem --checklist "Pick" 15 40 4 alpha on beta off gamma on 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
