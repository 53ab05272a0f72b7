# keys: 
# programs: dialog
# compare: all
(echo unpacking; echo configuring) | $D --progressbox "Installing" 12 50
echo "rc=$?" > out
(echo done) | $D --progressbox 12 50
echo "rc=$?" >> out
