# keys: wait:SSH tab enter
# programs: both
# compare: all
if $D --yesno "Enable SSH?" 8 40; then echo enabled > out; else echo disabled > out; fi
