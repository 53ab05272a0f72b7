#!/bin/sh
# A coding agent's approval hook (Claude Code's PreToolUse, and any hook that gets the tool call
# as JSON on stdin): each command the agent wants to run needs a person's Yes, asked where the
# person is (a tmux popup, `alertty agent`, the desktop). Exit 0 lets it run; exit 2 blocks it,
# and what is said on stderr goes back to the agent.
command=$(python3 -c 'import json, sys; call = json.load(sys.stdin); print(call.get("tool_input", {}).get("command", call.get("tool_name", "?")))') || exit 2
alertty confirm --popup --timeout "${ALERTTY_HOOK_TIMEOUT:-300}" --title "The agent wants to run" --yes Allow --no Deny -- "$command" && exit 0
echo "a person did not allow it: $command" >&2
exit 2
