# keys: wait:Secret type:pw enter wait:Pick_date enter wait:Pick_time enter wait:Level enter wait:dselect-here enter wait:Build_list enter wait:Tree_view enter wait:Edit_menu enter wait:Mixed_form enter wait:Password_form type:s3 enter wait:note_body tab enter wait:tail_line enter wait:prog_output wait:OK enter wait:scroll_text enter
# programs: dialog
# compare: all
# needs: python3-dialog
# pythondialog (Debian's python3-dialog) driving $D through the widgets 156-pythondialog does
# not: every other box it has, each answer parsed by pythondialog itself.
mkdir -p dselect-here/sub
echo note_body > notes.txt
echo tail_line > tail.txt
echo prog_output > prog.txt
echo progress_output > progress.txt
cat > t.py <<'PY'
import dialog, os
d = dialog.Dialog(dialog=os.environ["D"])
r = []
r.append(("infobox", d.infobox("Busy now", 5, 30)))
r.append(("passwordbox", d.passwordbox("Secret word", 8, 40, insecure=True)))
r.append(("calendar", d.calendar("Pick_date", day=1, month=2, year=2026)))
r.append(("timebox", d.timebox("Pick_time", hour=10, minute=20, second=30)))
r.append(("rangebox", d.rangebox("Level", min=0, max=10, init=5)))
code, path = d.dselect(os.getcwd() + "/dselect-here/", 12, 50)
r.append(("dselect", (code, path.replace(os.getcwd(), "PWD"))))
r.append(("buildlist", d.buildlist("Build_list", 15, 50, 5, items=[("a", "Alpha", True), ("b", "Beta", False)])))
r.append(("treeview", d.treeview("Tree_view", 15, 50, 5, nodes=[("r", "root", True, 0), ("c", "child", False, 1)])))
r.append(("inputmenu", d.inputmenu("Edit_menu", 15, 50, 5, choices=[("1", "one"), ("2", "two")])))
r.append(("mixedgauge", d.mixedgauge("Mixed gauge", 12, 50, percent=40, elements=[("x", "0"), ("y", "-30")])))
r.append(("mixedform", d.mixedform("Mixed_form", [("Name", 1, 1, "Ann", 1, 10, 20, 0, 0), ("Id", 2, 1, "7", 2, 10, 20, 0, 2)], 10, 40, 2)))
r.append(("passwordform", d.passwordform("Password_form", [("Pw", 1, 1, "", 1, 10, 20, 0)], 10, 40, 2, insecure=True)))
r.append(("editbox", d.editbox("notes.txt", 10, 40)))
r.append(("tailbox", d.tailbox("tail.txt", 10, 40)))
r.append(("programbox", d.programbox(file_path="prog.txt", text="Prog", height=10, width=40)))
r.append(("progressbox", d.progressbox(file_path="progress.txt", text="Progress", height=10, width=40)))
r.append(("pause", d.pause("Pause", 8, 40, seconds=1)))
r.append(("scrollbox", d.scrollbox("scroll_text\n", 10, 40)))
with open("out", "w") as f:
    for k, v in r:
        f.write(f"{k}: {v!r}\n")
PY
/usr/bin/python3 t.py 2> err
echo "rc=$?" >> out
rm -r t.py dselect-here notes.txt tail.txt prog.txt progress.txt
