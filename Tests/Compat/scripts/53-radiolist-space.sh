# keys: wait:Editor space enter
# programs: both
# compare: all
c=$($D --radiolist "Editor" 15 40 4 vim "Vi improved" OFF nano "Nano" ON 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
