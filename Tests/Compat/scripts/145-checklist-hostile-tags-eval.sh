# keys: wait:Parts enter
# programs: dialog
# compare: all
# dialog quotes check-list tags so that a script can eval them: nothing in a tag may run.
c=$($D --checklist "Parts" 20 60 12 'a b' A on '$(touch PWNED)' B on '`touch PWNED2`' C on 'q"u' D on 'b\s' E on 'semi;c' F on 'st*r' G on plain I on 'x|y' J on 3>&1 1>&2 2>&3)
echo "rc=$?" > out
printf '%s\n' "$c" > raw
eval set -- "$c"
printf '[%s]\n' "$@" > tags
