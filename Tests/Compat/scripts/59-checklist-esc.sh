# keys: wait:Components esc
# programs: both
# compare: all
c=$($D --checklist "Components" 15 50 4 core "Core" on 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
