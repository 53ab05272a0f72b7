# keys: wait:Banana type:b space type:b space enter
# programs: dialog
# compare: all
# A letter jumps to the next item of the focused list whose tag starts with it, round.
$D --buildlist "Fruit?" 0 0 0 a1 Apple off b1 Banana off b2 Blueberry off c Cherry on 2> err
echo "rc=$?" > out
