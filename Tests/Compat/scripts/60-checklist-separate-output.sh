# keys: wait:Components enter
# programs: both
# compare: all
$D --separate-output --checklist "Components" 15 50 4 core "Core" on docs "Docs" off tests "Tests" on 2> picked
rc=$?
while read -r c; do echo "got $c"; done < picked > out
echo "rc=$rc" >> out
