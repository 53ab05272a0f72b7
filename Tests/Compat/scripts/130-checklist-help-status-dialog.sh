# keys: wait:Parts down tab tab enter
# programs: dialog
# compare: all
c=$($D --help-button --help-status --checklist "Parts" 15 40 4 core "Core" ON docs "Docs" OFF "my tests" "Tests" ON 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
