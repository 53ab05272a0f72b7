# keys: wait:shell enter
# programs: both
# compare: all
c=$($D --default-item zsh --menu "Pick a shell" 15 40 4 bash "Bourne again" zsh "Z shell" fish "Friendly" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
