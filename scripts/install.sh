#!/usr/bin/env bash
# Release build with a static Swift standard library, linked as a fully static executable
# (scripts/build-release); installs the binary, man page, completions, translations and licence.
# The drop-in: PREFIX/lib/alertty/dropin holds `whiptail` and `dialog` as hard links to the binary
# (not symlinks: pythondialog and anything else that calls realpath would run it as `alertty`);
# put that folder first on PATH to make old scripts and their drivers use alertty.
# usage: scripts/install.sh [PREFIX]   (default /usr/local; DESTDIR= stages it, as for a package)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${DESTDIR:-}${1:-/usr/local}"

bin="$(scripts/build-release)"

install -d "$prefix/bin" "$prefix/lib/alertty/dropin" "$prefix/share/man/man1" \
    "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
    "$prefix/share/fish/vendor_completions.d"
# Stripped: the symbol table is half the file and nothing at run time reads it.
install -m 0755 -s "$bin" "$prefix/bin/alertty"
for program in whiptail dialog; do
    ln -f "$prefix/bin/alertty" "$prefix/lib/alertty/dropin/$program"
done
# The askpass program of ssh, sudo and git (SSH_ASKPASS, SUDO_ASKPASS, GIT_ASKPASS): the name decides.
ln -f "$prefix/bin/alertty" "$prefix/bin/alertty-askpass"
# GnuPG's pinentry (pinentry-program in gpg-agent.conf).
ln -f "$prefix/bin/alertty" "$prefix/bin/pinentry-alertty"
# The translations: po/LANG.po compiled to share/locale/LANG/LC_MESSAGES/alertty.mo.
python3 scripts/msgfmt --all po "$prefix/share/locale"
# The man page compressed, as man-db reads it and Debian's policy asks; alertty-askpass and
# pinentry-alertty are the same program under other names, so their pages are the same page.
rm -f "$prefix/share/man/man1/alertty.1" # an uncompressed page an older install left
gzip -9n -c man/alertty.1 > "$prefix/share/man/man1/alertty.1.gz"
chmod 0644 "$prefix/share/man/man1/alertty.1.gz"
for name in alertty-askpass pinentry-alertty; do ln -sf alertty.1.gz "$prefix/share/man/man1/$name.1.gz"; done
install -d "$prefix/share/doc/alertty"
install -m 0644 LICENSE "$prefix/share/doc/alertty/LICENSE"
install -m 0644 completions/alertty.bash "$prefix/share/bash-completion/completions/alertty"
install -m 0644 completions/_alertty "$prefix/share/zsh/site-functions/_alertty"
install -m 0644 completions/alertty.fish "$prefix/share/fish/vendor_completions.d/alertty.fish"
echo "installed alertty to $prefix/bin/alertty"
