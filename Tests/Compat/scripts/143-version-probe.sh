# keys:
# programs: both
# compare: all
# debconf runs `whiptail --version` (or dialog's) and needs exit 0 before it uses the program.
$D --version > version 2> version-err
echo "rc=$?" > out
