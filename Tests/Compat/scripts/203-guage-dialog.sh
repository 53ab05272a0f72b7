# keys:
# programs: dialog
# compare: all
printf '50\n100\n' | $D --guage "Working" 8 40 0
echo "rc=$?" > out
