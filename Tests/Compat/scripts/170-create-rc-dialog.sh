# keys:
# programs: dialog
# compare: all
# dialog --create-rc FILE writes a configuration file (silently, exit 0) that dialog reads back;
# an unwritable one is dialog's error, 255. The file's text is each program's own.
dir=$(mktemp -d)
$D --create-rc "$dir/my.rc" > out 2> err
echo "rc=$?" >> out
[ -s "$dir/my.rc" ] && echo "written" >> out
grep -c '^screen_color = (CYAN,BLUE,ON)$' "$dir/my.rc" >> out
DIALOGRC="$dir/my.rc" dialog --print-version >> out 2>&1
$D --create-rc "$dir/missing/my.rc" >> out 2>> err
echo "rc=$?" >> out
rm -rf "$dir"
