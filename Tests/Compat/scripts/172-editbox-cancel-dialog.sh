# keys: wait:keep type:X tab tab enter
# programs: dialog
# compare: all
# Cancel prints nothing and exits 1.
printf 'keep me\n' > eb.txt
$D --editbox eb.txt 10 40 2> err
echo "rc=$?" > out
rm -f eb.txt
