# keys: wait:ended wait:OK enter wait:other wait:OK enter
# programs: dialog
# compare: all
# What a prgbox's command exits with (here 255 and 254, dialog's own error and "unknown") is
# not the box's status.
$D --prgbox "echo ended; exit 255" 10 40 2> answer
echo "rc=$?" > out
$D --prgbox "echo other; exit 254" 10 40 2>> answer
echo "rc=$?" >> out
