# keys: wait:Code type:abcdefgh enter
# programs: dialog
# compare: all
v=$($D --form "Code" 12 50 2 "Pin:" 1 1 "" 1 10 10 4 3>&1 1>&2 2>&3)
echo "rc=$?" > out; printf "%s\n" "$v" >> out
