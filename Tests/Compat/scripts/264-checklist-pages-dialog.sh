# keys: wait:item1 pgdn space pgdn pgup space pgup pgup space enter
# programs: dialog
# compare: all
# dialog's check list pages as its menu: a page down from the current row, up to the view's
# first row (so the second Space unmarks t8, marked by the first, and the last marks t1).
c=$($D --checklist "Pick" 14 40 4 t1 item1 off t2 item2 off t3 item3 off t4 item4 off t5 item5 off t6 item6 off t7 item7 off t8 item8 off t9 item9 off t10 item10 off t11 item11 off t12 item12 off t13 item13 off t14 item14 off 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
