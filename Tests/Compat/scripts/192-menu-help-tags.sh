# keys: wait:Pick tab tab enter
# programs: dialog
# compare: all
$D --item-help --help-tags --help-button --menu "Pick" 12 40 2 a Alpha "help for a" b Beta "help for b" 2> answer
echo "rc=$?" > out
