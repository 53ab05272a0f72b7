# keys: wait:Help_or_not tab tab enter wait:Colour_pick tab enter wait:Parts_pick tab tab enter wait:Extra_yes tab tab enter
# programs: dialog
# compare: all
# needs: python3-dialog
# pythondialog's help and extra buttons, each answered by its own status (a yes/no's Help,
# a menu's Extra, a check list's Help), as pythondialog reads dialog's.
cat > t.py <<'PY'
import dialog, os
d = dialog.Dialog(dialog=os.environ["D"])
r = []
r.append(("yesno-help", d.yesno("Help_or_not?", 8, 40, help_button=True)))
r.append(("menu-extra", d.menu("Colour_pick", 15, 40, 4, choices=[("r", "red"), ("g", "green")], extra_button=True, extra_label="Edit")))
r.append(("checklist-help", d.checklist("Parts_pick", 15, 40, 4, choices=[("a", "A", False), ("c", "C", True)], help_button=True)))
r.append(("yesno-extra", d.yesno("Extra_yes?", 8, 40, extra_button=True, extra_label="Later")))
with open("out", "w") as f:
    for k, v in r:
        f.write(f"{k}: {v!r}\n")
PY
/usr/bin/python3 t.py 2> err
echo "rc=$?" >> out
rm t.py
