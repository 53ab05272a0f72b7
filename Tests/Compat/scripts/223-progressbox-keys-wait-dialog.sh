# keys: wait:first esc enter
# programs: dialog
# compare: all
(echo first; sleep 2; echo second) | $D --progressbox 10 40
echo "rc=$?" > out
