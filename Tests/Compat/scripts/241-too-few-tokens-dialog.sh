# keys:
# programs: dialog
# compare: all
for box in "--msgbox hi" "--menu a 1 2" "--menu a 1 2 3" "--checklist a 1 2 3 4" "--form a 1 2 3" "--rangebox a 1 2" "--pause a 1 2" "--programbox a"; do
  $D $box 2>> answer
  echo "$box rc=$?" >> out
done
