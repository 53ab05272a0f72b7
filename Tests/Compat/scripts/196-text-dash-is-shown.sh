# keys: wait:Yes enter wait:Code enter
# programs: both
# compare: all
# A box's TEXT or initial value of `-` is shown as it is; stdin is left for the script.
printf 'data\nmore\n' | {
    $D --yesno - 8 30 2> answer; echo "rc=$?" > out; read -r line; echo "after=$line" >> out
    $D --inputbox Code 8 30 - 2> value; echo "rc=$?" >> out; read -r line; echo "after=$line" >> out
}
