# keys: wait:Shell type:c enter
# programs: both
# compare: all
c=$($D --menu "Shell" 15 40 5 bash "" csh "" zsh "" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
