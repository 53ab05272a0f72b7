# keys: wait:Banana type:$ space enter
# programs: dialog
# compare: all
# $ goes to the chosen list (the item nearest the focused one); Space sends it back.
$D --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
