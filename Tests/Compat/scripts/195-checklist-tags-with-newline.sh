# keys: wait:Parts enter wait:Parts enter
# programs: both
# compare: all
# Tags holding a newline or a tab stay one tag each; dialog's output evals back to them.
nl='
'
$D --checklist "Parts" 12 40 3 "a${nl}b" Alpha on "c	d" Beta on e Epsilon off 2> answer
echo "rc=$?" > out
$D --separate-output --checklist "Parts" 12 40 3 "a${nl}b" Alpha on "c	d" Beta on e Epsilon off 2> lines
echo "rc=$?" >> out
if [ "$D" = dialog ]; then eval set -- "$(cat answer)"; printf '[%s]\n' "$@" > evaled; fi
