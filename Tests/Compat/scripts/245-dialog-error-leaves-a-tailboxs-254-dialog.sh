# keys: wait:third tab enter
# programs: dialog
# compare: all
# A tailbox ended while it holds the keys as a follower ends with 254, which no DIALOG_*
# variable maps.
printf 'first line\nsecond line\nthird line\n' > log.txt
DIALOG_ERROR=7 DIALOG_CANCEL=9 DIALOG_ESC=11 DIALOG_OK=13 $D --tailbox log.txt 12 50 2> answer
echo "rc=$?" > out
rm log.txt
