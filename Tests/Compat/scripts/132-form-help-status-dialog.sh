# keys: wait:Account type:x tab tab tab enter
# programs: dialog
# compare: all
v=$($D --help-button --help-status --form "Account" 12 50 2 "User:" 1 1 "ann" 1 10 20 0 "Home:" 2 1 "/h" 2 10 20 0 3>&1 1>&2 2>&3)
echo "rc=$?" > out; printf "%s\n" "$v" >> out
