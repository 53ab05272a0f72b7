# keys: wait:Banana tab space enter
# programs: dialog
# compare: all
# --visit-items: Tab stops on the left list, then the right one (the nearest item there), then OK.
$D --visit-items --buildlist "Order?" 0 0 0 a Apple off b Banana off c Cherry on 2> err
echo "rc=$?" > out
