# keys: wait:Apple down enter
# programs: dialog
# compare: all
# OK on an inputmenu is a menu's answer: the tag.
$D --inputmenu "Rename?" 0 0 0 a Apple b Banana 2> err
echo "rc=$?" > out
