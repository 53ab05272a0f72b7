#!/bin/sh
# alertty's release tarball: installs what it holds under PREFIX, or removes exactly that again.
#   ./install.sh [PREFIX]               (default /usr/local)
#   ./install.sh --uninstall [PREFIX]
# What is installed is what is in this folder's bin/, lib/ and share/, and nothing else: the
# binary (alertty, alertty-askpass and pinentry-alertty are one file under three names, as are the
# drop-in's whiptail and dialog), the man page, the completions, the translations and the licence.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
uninstall=false
if [ "${1:-}" = --uninstall ]; then uninstall=true; shift; fi
prefix=${1:-/usr/local}
case "$prefix" in /*) ;; *) echo "install.sh: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;; esac

cd "$here"
files=$(find bin lib share ! -type d | LC_ALL=C sort)
# The folders the install made, deepest first: the uninstall removes them again (when empty),
# and no folder that was there before.
made="$prefix/lib/alertty/installed-folders"
if $uninstall; then
    [ -f "$made" ] || { echo "install.sh: alertty is not installed in $prefix (no $made)" >&2; exit 1; }
    folders=$(cat "$made")
    for f in $files; do rm -f "$prefix/$f"; done
    rm -f "$made"
    for d in $folders; do rmdir "$prefix/$d" 2>/dev/null || true; done
    echo "removed alertty from $prefix"
    exit 0
fi
folders=""
for d in $(find bin lib share -type d | LC_ALL=C sort -r); do
    [ -d "$prefix/$d" ] || folders="$folders $d"
done
for f in $files; do
    mkdir -p "$prefix/$(dirname "$f")"
    rm -f "$prefix/$f"
done
# Kept from an earlier install of this tarball: those folders are ours too.
[ -f "$made" ] && folders="$folders $(cat "$made")"
printf '%s\n' $folders | LC_ALL=C sort -ru > "$made"
# One copy of the tree: tar keeps the hard links the drop-in needs (a client that resolves the
# program's path, as pythondialog does, must still find it named `dialog`).
tar -cf - $files | tar -C "$prefix" -xf - --no-same-owner
echo "installed alertty to $prefix/bin/alertty"
