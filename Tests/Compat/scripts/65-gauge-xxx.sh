# keys: 
# programs: both
# compare: all
{ echo 10; sleep 0.1; printf "XXX\n60\nUnpacking\nXXX\n"; sleep 0.1; echo 100; } | $D --gauge "Working" 8 50 0
echo "rc=$?" > out
