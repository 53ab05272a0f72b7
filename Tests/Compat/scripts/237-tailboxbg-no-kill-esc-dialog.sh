# keys: wait:Next esc
# programs: dialog
# compare: all
printf 'log line\n' > log
$D --no-kill --tailboxbg log 8 40 --and-widget --msgbox "Next" 6 30 2> answer
echo "rc=$?" > out
sleep 1
pid=$(tr -d '\t\n' < answer)
case $pid in ''|*[!0-9]*) echo "no pid" >> out ;; *) kill "$pid" && echo "stopped" >> out ;; esac
rm answer log
