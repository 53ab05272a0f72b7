# keys: wait:First enter wait:Second enter wait:Third enter wait:Fourth enter
# programs: dialog
# compare: all
$D --defaultno --title First --yesno "First?" 6 30 --and-widget --yesno "Second?" 6 30
echo "rc=$?" > out
$D --single-quoted --separate-widget "|" --checklist "Third?" 10 40 2 "d e" x on --and-widget --checklist "Fourth?" 10 40 2 "f g" x on 2> answer
echo "rc=$?" >> out
