# keys: 
# programs: dialog
# compare: all
$D --title "Setup" --mixedgauge "Installing the parts" 0 0 33 "Download" 0 "Unpack" -40 "Configure" 7 "Docs" 6 "Extra" 8 2> err
echo "rc=$?" > out
