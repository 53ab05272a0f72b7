#!/usr/bin/env python3
# The official MCP Python SDK (PyPI `mcp`) as a client of `alertty mcp`: it initializes, lists
# the tools and calls those named on the command line (TOOL=JSON-ARGUMENTS), one JSON line each
# on stdout ({"tools": [...]}, then {"tool", "structured", "isError", "text"} per call), while
# the test answers each question where it is shown.
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(value, snake, camel):
    # (The SDK names fields in snake case from 2.0, in camel case before.)
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)


async def main():
    binary, calls = sys.argv[1], sys.argv[2:]
    server = StdioServerParameters(command=binary, args=["mcp", "--timeout", "60"],
                                   env={"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMUX_TMPDIR": "/nonexistent", "ALERTTY_NOTIFY": "0"})
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            tools = await session.list_tools()
            print(json.dumps({"server": field(init, "server_info", "serverInfo").name, "tools": [t.name for t in tools.tools]}), flush=True)
            for call in calls:
                name, arguments = call.split("=", 1)
                result = await session.call_tool(name, json.loads(arguments))
                text = result.content[0].text if result.content else ""
                print(json.dumps({"tool": name, "structured": field(result, "structured_content", "structuredContent"), "isError": field(result, "is_error", "isError"), "text": text}), flush=True)


asyncio.run(main())
