# keys: wait:Apple enter
# programs: both
# compare: all
# --default-item focuses an item of a radio list without choosing it.
$D --default-item b --radiolist "Fruit?" 12 40 4 a Apple off b Banana off c Cherry off 2> err
echo "rc=$?" > out
