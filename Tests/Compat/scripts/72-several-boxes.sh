# keys: wait:Name enter wait:Shell down enter wait:Create enter
# programs: both
# compare: all
name=$($D --inputbox "Name" 8 40 Ann 3>&1 1>&2 2>&3) || exit 1
shell=$($D --menu "Shell for $name" 15 40 4 bash "" zsh "" 3>&1 1>&2 2>&3) || exit 1
$D --yesno "Create $name with $shell?" 8 50
echo "$name $shell rc=$?" > out
