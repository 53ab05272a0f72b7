# keys: wait:first enter wait:second wait:OK enter
# programs: dialog
# compare: all
(echo first; sleep 2; echo second) | $D --programbox 10 40
echo "rc=$?" > out
