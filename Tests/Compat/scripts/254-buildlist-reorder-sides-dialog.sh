# keys: wait:Banana space space type:^ space enter
# programs: dialog
# compare: all
# --reorder: the chosen list in the order chosen, ^ back to the nearest unchosen item.
$D --reorder --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on d Date off 2> err
echo "rc=$?" > out
