# keys: wait:Pick enter
# programs: both
# compare: all
CHOICES=$($D --checklist "Pick" 15 50 4 a "Alpha" ON b "Beta" OFF c "Gamma" ON 3>&1 1>&2 2>&3)
for c in $CHOICES; do echo "item $c"; done > out
