# keys: wait:Editor esc
# programs: both
# compare: all
c=$($D --radiolist "Editor" 15 40 4 vim "Vi" off nano "Nano" on 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
