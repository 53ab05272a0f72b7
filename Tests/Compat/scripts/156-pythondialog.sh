# keys: wait:Hello enter wait:Proceed tab enter wait:Name type:Ann enter wait:Colour down enter wait:Size down space enter wait:Parts space down space enter wait:Licence enter wait:Fill type:x enter wait:file.txt enter wait:Done enter
# programs: dialog
# compare: all
# needs: python3-dialog
# pythondialog (Debian's python3-dialog) driving $D: its --print-version probe, every call passed
# through --file, its own parsing of the answers and statuses.
mkdir -p dir && echo x > dir/file.txt && printf 'line one\nline two\n' > licence.txt
cat > t.py <<'PY'
import dialog, os
d = dialog.Dialog(dialog=os.environ["D"])
r = [("version", str(d.cached_backend_version)), ("maxsize", d.maxsize())]
r.append(("msgbox", d.msgbox("Hello there", 8, 40)))
r.append(("yesno", d.yesno("Proceed now?", 8, 40)))
r.append(("inputbox", d.inputbox("Name please", 8, 40)))
r.append(("menu", d.menu("Colour pick", 15, 40, 4, choices=[("r", "red"), ("g", "green"), ("b", "blue")])))
r.append(("radiolist", d.radiolist("Size pick", 15, 40, 4, choices=[("s", "small", True), ("m", "medium", False), ("l", "large", False)])))
r.append(("checklist", d.checklist("Parts pick", 15, 40, 4, choices=[("a b", "A", False), ("$(touch PWNED)", "B", False), ("c", "C", True)])))
r.append(("textbox", d.textbox("licence.txt", 12, 40, title="Licence")))
r.append(("form", d.form("Fill in", [("Name", 1, 1, "Ann", 1, 10, 20, 0)], 10, 40, 2)))
d.gauge_start("Working", 8, 40, 0)
d.gauge_update(50)
r.append(("gauge", d.gauge_stop()))
code, path = d.fselect(os.getcwd() + "/dir/file.txt", 14, 50)
r.append(("fselect", (code, path.replace(os.getcwd(), "PWD"))))
r.append(("msgbox2", d.msgbox("Done", 8, 40)))
with open("out", "w") as f:
    for k, v in r:
        f.write(f"{k}: {v!r}\n")
PY
/usr/bin/python3 t.py 2> err
echo "rc=$?" >> out
rm -r t.py dir licence.txt
