# keys: wait:Sure tab enter wait:Again tab tab tab enter
# programs: dialog
# compare: all
export DIALOG_EXTRA=7 DIALOG_HELP=9
$D --extra-button --help-button --yesno "Sure?" 8 40
a=$?
$D --extra-button --help-button --yesno "Again?" 8 40
echo "rc=$a $?" > out
