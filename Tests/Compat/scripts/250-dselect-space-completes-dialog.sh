# keys: wait:music type:mu space wait:library/music enter
# programs: dialog
# compare: all
# dselect: a name completed with Space is a folder, answered with its slash as dialog's field holds it.
mkdir -p library/music library/movies
c=$($D --dselect "$PWD/library/" 14 50 3>&1 1>&2 2>&3)
echo "[${c#$PWD/}] rc=$?" > out
rm -r library
