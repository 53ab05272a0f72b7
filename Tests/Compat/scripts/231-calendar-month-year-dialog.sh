# keys: wait:1981 tab tab down tab down enter
# programs: dialog
# compare: all
$D --calendar "When?" 0 0 7 7 1981 2> answer
echo "rc=$?" > out
