# keys: wait:Ready\nnow enter
# programs: dialog
# compare: all
$D --no-nl-expand --msgbox 'Ready\nnow' 8 40
echo "rc=$?" > out
