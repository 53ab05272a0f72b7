# keys: wait:music type:music enter
# programs: dialog
# compare: all
# dselect: a folder typed whole without a slash is answered as typed.
mkdir -p library/music library/movies
c=$($D --dselect library/ 14 50 3>&1 1>&2 2>&3)
echo "[$c] rc=$?" > out
rm -r library
