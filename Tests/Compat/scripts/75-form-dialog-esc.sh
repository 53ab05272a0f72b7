# keys: wait:Account esc
# programs: dialog
# compare: all
values=$($D --form "Account" 12 50 2 "User:" 1 1 "bob" 1 10 20 0 3>&1 1>&2 2>&3)
echo "[$values] rc=$?" > out
