#!/bin/sh
# A nine-step installer wizard. Every prompt has an --id, so the same script is asked in the
# box, in line mode, or answered with no one there (ALERTTY_ANSWER_<ID>, ALERTTY_ANSWERS=FILE).
set -e
alertty message --id welcome --title Setup "This installs Acme 2.0 on this machine."
name=$(alertty input --id name --title "Your name" --validate nonempty)
email=$(alertty input --id email --title "Your email" --validate email)
pw=$(alertty password --id pw --title "Admin password" --min-length 8 --confirm)
edition=$(alertty choose --id edition --radio --selected Standard --title Edition "Which edition?" Minimal Standard Full)
parts=$(alertty choose --id parts --multi --marked core --title Components "Install which?" core docs examples)
dir=$(alertty folder --id dir --title "Install where?" --root "$ROOT" --dir "$ROOT")
port=$(alertty number --id port --title Port --min 1024 --max 65535 --value 8080 "Listen on which port?")
alertty confirm --id go --default yes --title Ready "Install the $edition edition now?"
printf '%s\n' "$name" "$email" "${#pw}" "$edition" "$parts" "$dir" "$port"
