# keys: wait:Shell type:t type:t enter
# programs: both
# compare: all
c=$($D --menu "Shell" 15 40 5 tcsh "" bash "" tmux "" zsh "" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
