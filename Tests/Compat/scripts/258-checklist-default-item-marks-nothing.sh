# keys: wait:Apple space enter
# programs: both
# compare: all
# --default-item focuses an item of a check list without marking it.
$D --default-item b --checklist "Fruit?" 12 40 4 a Apple off b Banana off c Cherry off 2> err
echo "rc=$?" > out
