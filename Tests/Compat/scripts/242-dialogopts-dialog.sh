# keys: wait:Hello enter wait:Bye enter
# programs: dialog
# compare: all
DIALOGOPTS='--output-fd 3 --title "Hello there"' $D --inputbox "Name?" 8 30 init 3> answer 2> errors
echo "rc=$?" > out
DIALOGOPTS='--title Bye --no-such-option --separate-widget X' $D --msgbox "Bye" 6 30 2>> errors
echo "rc=$?" >> out
