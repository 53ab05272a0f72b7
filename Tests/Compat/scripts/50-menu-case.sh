# keys: wait:Action down enter
# programs: both
# compare: all
c=$($D --menu "Action" 15 40 4 start "Start" stop "Stop" 3>&1 1>&2 2>&3) || exit 0
case "$c" in start) echo STARTED;; stop) echo STOPPED;; esac > out
