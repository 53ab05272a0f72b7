# keys: wait:Done enter
# programs: dialog
# compare: all
# dialog's options that only change its drawing are taken (and their values skipped).
$D --ascii-lines --no-lines --beep --beep-after --cursor-off-label --hline "a hint" --hfile none.txt --keep-window \
   --no-hot-list --no-ok --scrollbar --size-err --tab-correct --tab-len 4 --visit-items --week-start 1 \
   --msgbox "Done" 8 30 2> answer
echo "rc=$?" > out
