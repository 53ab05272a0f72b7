# keys: wait:other.txt type:re space wait:summary-2026 type:s space enter
# programs: dialog
# compare: all
# dialog's fselect: Space in the text field completes the name as far as the entries agree.
mkdir -p data/reports
touch data/reports/summary-2025.txt data/reports/summary-2026.txt data/other.txt
$D --fselect data/ 14 50 2> answer
echo "rc=$?" > out
rm -r data
