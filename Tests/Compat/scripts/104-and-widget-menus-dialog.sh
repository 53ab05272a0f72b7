# keys: wait:One down enter wait:Two enter
# programs: dialog
# compare: all
c=$($D --menu "One" 12 40 3 a "" b "" --and-widget --menu "Two" 12 40 3 x "" y "" 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
