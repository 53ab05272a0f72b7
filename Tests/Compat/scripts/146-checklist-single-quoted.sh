# keys: wait:Parts enter
# programs: dialog
# compare: all
c=$($D --single-quoted --checklist "Parts" 20 60 12 'a b' A on "it's" B on '$x' C on plain D on 3>&1 1>&2 2>&3)
echo "rc=$?" > out
printf '%s\n' "$c" > raw
