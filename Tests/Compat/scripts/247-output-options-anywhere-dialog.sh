# keys: wait:First type:one enter wait:Second type:two enter wait:Third type:three enter wait:Fourth type:four enter
# programs: dialog
# compare: all
# dialog takes --stdout, --stderr and --output-fd from every word of its command line before
# anything else, the last one for every box: a later box's --stdout sends the first box's answer
# to stdout too, and a later --stderr wins over an earlier --output-fd.
$D --inputbox First 8 30 --and-widget --stdout --inputbox Second 8 30 > stdout 2> stderr
echo "rc=$?" > out
$D --output-fd 3 --inputbox Third 8 30 --and-widget --stderr --inputbox Fourth 8 30 3> fd3 2>> stderr
echo "rc=$?" >> out
