# keys:
# programs: dialog
# compare: all
# dialog answers --version wherever it is, before any box (and the first of --version and
# --help answers).
$D --msgbox "Not shown" 6 30 --version > first
echo "rc=$?" > out
$D --yesno --version 6 30 > second
echo "rc=$?" >> out
$D --msgbox "Not shown" 6 30 --version --help > third
echo "rc=$?" >> out
