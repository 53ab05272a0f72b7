# keys: wait:Reboot? esc
# programs: both
# compare: all
$D --title "Reboot now" --yesno "Reboot?" 8 40
case $? in 0) echo yes;; 1) echo no;; 255) echo esc;; esac > out
