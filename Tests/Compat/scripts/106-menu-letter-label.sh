# keys: wait:Shell type:f enter
# programs: both
# compare: all
c=$($D --menu "Shell" 15 40 5 1 "bash" 2 "fish" 3 "zsh" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
