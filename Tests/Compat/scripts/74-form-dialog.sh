# keys: wait:Account type:ann enter
# programs: dialog
# compare: all
exec 3>&1
values=$($D --form "Account" 12 50 3 "User:" 1 1 "" 1 10 20 0 "Host:" 2 1 "example.org" 2 10 20 0 2>&1 1>&3)
rc=$?
exec 3>&-
printf '%s\n' "$values" > out
echo "rc=$rc" >> out
