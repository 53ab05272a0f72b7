# keys:
# programs: dialog
# compare: all
# pythondialog asks for the version on dialog's output stream (stderr) before anything else.
$D --print-version > version 2> version-err
echo "rc=$?" > out
$D --stdout --print-version > stdout-version 2> stdout-version-err
echo "rc=$?" >> out
