# keys: wait:Hello enter wait:Sure enter wait:Name enter wait:Apple enter wait:Banana enter wait:Cherry enter wait:Date enter
# programs: dialog
# compare: all
# Sizes 0 0: each box fitted to its text by dialog's arithmetic (--print-size says the size).
$D --print-size --msgbox Hello 0 0 2>> err
$D --print-size --yesno "Sure about it?" 0 0 2>> err
$D --print-size --inputbox Name 0 0 2>> err
$D --print-size --menu Pick 0 0 0 a Apple b Banana 2>> err
$D --print-size --checklist Pick 0 0 0 a Apple off b Banana on 2>> err
$D --print-size --radiolist Pick 0 0 0 c Cherry off d Date on 2>> err
$D --print-size --buildlist Pick 0 0 0 d Date off e Elderberry on 2>> err
$D --print-size --infobox "Working on it" 0 0 2>> err
echo "rc=$?" > out
