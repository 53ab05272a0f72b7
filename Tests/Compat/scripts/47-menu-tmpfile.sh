# keys: wait:Pick down enter
# programs: both
# compare: all
tmp=$(mktemp)
$D --menu "Pick" 15 40 4 a "Alpha" b "Beta" 2> "$tmp"
rc=$?
choice=$(cat "$tmp")
rm -f "$tmp"
echo "[$choice] rc=$rc" > out
