# keys: wait:Geographic up up up up enter wait:Amsterdam enter
# programs: both
# compare: all
# `dpkg-reconfigure -f dialog tzdata`, the real package's questions through debconf's dialog
# frontend driving $D: the area (up from Etc to Europe), then the first city. Needs root; a
# copy of the system's debconf database without tzdata's answers is used, and the time zone is
# put back afterwards.
old=$(readlink /etc/localtime)
oldtz=$(cat /etc/timezone 2>/dev/null)
trap 'ln -sf "$old" /etc/localtime; [ -n "$oldtz" ] && echo "$oldtz" > /etc/timezone' EXIT
unset DEBIAN_FRONTEND
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
cp /var/cache/debconf/templates.dat .
awk '/^Name: /{ tz = ($2 ~ /^tzdata\//) } !(tz && /^Value:/)' /var/cache/debconf/config.dat > config.dat
DEBCONF_SYSTEMRC=$PWD/debconf.conf /usr/sbin/dpkg-reconfigure -f dialog tzdata
echo "rc=$?" > out
readlink /etc/localtime > zone
grep -A3 "^Name: tzdata/" config.dat | grep -E "^(Name|Value)" > answers
rm -f debconf.conf config.dat* templates.dat*
