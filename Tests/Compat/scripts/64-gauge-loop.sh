# keys: 
# programs: both
# compare: all
for i in 0 25 50 75 100; do echo $i; sleep 0.1; done | $D --gauge "Installing" 6 50 0
echo "rc=$?" > out
