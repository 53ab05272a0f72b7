# keys: wait:Account enter
# programs: dialog
# compare: all
c=$($D --item-help --form "Account" 12 50 2 "Name:" 1 1 "ann" 1 8 20 0 "Your name" "Mail:" 2 1 "a@b.c" 2 8 20 0 "Your mail" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
