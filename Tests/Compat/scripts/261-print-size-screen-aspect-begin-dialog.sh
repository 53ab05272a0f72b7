# keys: wait:Hello enter wait:Hello enter wait:Hello enter wait:rather enter wait:rather enter wait:title enter wait:longer enter wait:Name enter
# programs: dialog
# compare: all
# -1 takes the screen (less the shadow, less --begin); --aspect shapes a long text; a long title
# widens the box; text with its own line breaks; a given width or height is kept.
$D --print-size --msgbox Hello -1 -1 2>> err
$D --print-size --begin 2 3 --msgbox Hello -1 -1 2>> err
$D --print-size --no-shadow --msgbox Hello -1 -1 2>> err
$D --print-size --msgbox "A rather long line of text that needs some wrapping to fit in the box nicely" 0 0 2>> err
$D --print-size --aspect 3 --msgbox "A rather long line of text that needs some wrapping to fit in the box nicely" 0 0 2>> err
$D --print-size --title "A very long title for a small box" --msgbox Hi 0 0 2>> err
$D --print-size --msgbox "line one\nline two is longer" 10 0 2>> err
$D --print-size --inputbox Name 0 50 "a default value" 2>> err
echo "rc=$?" > out
