# keys: wait:Host type:x down type:y enter
# programs: dialog
# compare: all
v=$($D --mixedform "Account" 15 50 4 "Host:" 1 1 "db01" 1 10 20 0 2 "User:" 2 1 "ann" 2 10 20 0 0 "Id:" 3 1 "42" 3 10 0 0 0 "Shell:" 4 1 "sh" 4 10 20 0 0 3>&1 1>&2 2>&3)
echo "rc=$?" > out; printf "%s\n" "$v" >> out
