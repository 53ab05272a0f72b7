# keys: wait:item1 pgdn pgdn pgup enter
# programs: dialog
# compare: all
# dialog pages a menu by its height, the view with it.
c=$($D --menu "Pick" 15 40 5 t1 item1 t2 item2 t3 item3 t4 item4 t5 item5 t6 item6 t7 item7 t8 item8 t9 item9 t10 item10 t11 item11 t12 item12 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
