# keys: wait:Parts enter wait:Parts enter
# programs: dialog
# compare: all
$D --output-separator , --checklist "Parts" 12 40 3 a Alpha on "b c" Beta off d Delta on 2> answer
echo "rc=$?" > out
$D --output-separator ";" --separate-output --checklist "Parts" 12 40 3 a Alpha on "b c" Beta on d Delta off 2> lines
echo "rc=$?" >> out
