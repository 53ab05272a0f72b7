# keys: wait:option down down enter
# programs: both
# compare: all
c=$($D --title "Main menu" --menu "Choose an option" 15 50 5 1 "Update" 2 "Install" 3 "Quit" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
