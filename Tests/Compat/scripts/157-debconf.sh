# keys: wait:Welcome enter wait:Your type:x enter wait:secret esc wait:Your enter wait:secret type:pw enter wait:Enable tab enter wait:Colour down enter wait:Parts space enter wait:Something enter
# programs: both
# compare: all
# debconf's dialog frontend (every dpkg-reconfigure on Debian) driving $D: a question of each
# debconf type, Esc backing up to the previous one, a progress bar; the stored answers compared.
[ "$D" = dialog ] && export DEBCONF_FORCE_DIALOG=1
cat > debconf.conf <<CONF
Config: configdb
Templates: templatedb

Name: configdb
Driver: File
Filename: $PWD/config.dat

Name: templatedb
Driver: File
Filename: $PWD/templates.dat
CONF
cat > templates <<'T'
Template: t/title
Type: title
Description: Setup of the thing

Template: t/note
Type: note
Description: Welcome note
 This is the extended welcome text.

Template: t/name
Type: string
Default: anon
Description: Your name:
 Type a name, please.

Template: t/secret
Type: password
Description: The secret word:
 Type the secret.

Template: t/ok
Type: boolean
Default: true
Description: Enable the feature?
 Answer yes or no.

Template: t/colour
Type: select
Choices: red, green, blue
Default: green
Description: Colour of choice:
 Pick a colour.

Template: t/parts
Type: multiselect
Choices: alpha, beta, gamma
Default: beta
Description: Parts to install:
 Pick the parts.

Template: t/oops
Type: error
Description: Something failed
 An error text.

Template: t/prog
Type: text
Description: Working on it
T
cat > config <<'C'
#!/bin/sh
set -e
. /usr/share/debconf/confmodule
db_capb backup
db_settitle t/title
state=1
while [ $state -ge 1 ] && [ $state -le 7 ]; do
  case $state in
    1) db_input high t/note || true ;;
    2) db_input high t/name || true ;;
    3) db_input high t/secret || true ;;
    4) db_input high t/ok || true ;;
    5) db_input high t/colour || true ;;
    6) db_input high t/parts || true ;;
    7) db_input high t/oops || true ;;
  esac
  if db_go; then state=$((state + 1)); else state=$((state - 1)); fi
done
db_progress START 0 4 t/prog
db_progress STEP 2
db_progress STOP
for q in t/name t/secret t/ok t/colour t/parts; do db_get $q; echo "$q=$RET" >> answers; done
C
chmod +x config
export DEBCONF_SYSTEMRC="$PWD/debconf.conf" DEBIAN_FRONTEND=dialog DEBIAN_PRIORITY=low
debconf-loadtemplate t templates
./config 2> err
echo "rc=$?" > out
rm -f config templates debconf.conf config.dat* templates.dat*
