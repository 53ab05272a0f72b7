#!/usr/bin/python3
# A notification server for the tests (freedesktop.org's Desktop Notifications spec, 1.2), on
# the bus whose address is argv[1], built on libdbus (python3-dbus) so alertty's own D-Bus
# client is checked against another implementation. It says what it is asked as JSON lines on
# stdout and does what the test says on stdin:
#   action ID KEY     the person pressed a button      (ActionInvoked)
#   reply ID TEXT     the person typed a reply         (NotificationReplied)
#   dismiss ID        the person closed it             (NotificationClosed, reason 2)
#   quit              the server goes away
# --caps a,b,c names its capabilities; --mute never answers GetCapabilities.
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


def say(**event):
    print(json.dumps(event), flush=True)


def plain(value):
    if isinstance(value, (dbus.Byte, dbus.UInt32, dbus.Int32)):
        return int(value)
    if isinstance(value, dbus.Boolean):
        return bool(value)
    return str(value)


class Server(dbus.service.Object):
    def __init__(self, bus, caps, mute):
        super().__init__(bus, PATH)
        self.caps, self.mute, self.next_id, self.open = caps, mute, 1, set()

    @dbus.service.method(IFACE, out_signature="as", async_callbacks=("ok", "err"))
    def GetCapabilities(self, ok, err):
        say(event="capabilities")
        if not self.mute:
            ok(self.caps)

    @dbus.service.method(IFACE, out_signature="ssss")
    def GetServerInformation(self):
        return ("alertty-test", "alertty", "1", "1.2")

    @dbus.service.method(IFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        nid = int(replaces) if int(replaces) in self.open else self.next_id
        if nid == self.next_id:
            self.next_id += 1
        self.open.add(nid)
        say(event="notify", id=nid, app=str(app), replaces=int(replaces), icon=str(icon), summary=str(summary),
            body=str(body), actions=[str(a) for a in actions], hints={str(k): plain(v) for k, v in hints.items()},
            timeout=int(timeout), open=len(self.open))
        return nid

    @dbus.service.method(IFACE, in_signature="u")
    def CloseNotification(self, nid):
        say(event="close", id=int(nid))
        if int(nid) in self.open:
            self.open.discard(int(nid))
            self.NotificationClosed(nid, 3)

    @dbus.service.signal(IFACE, signature="us")
    def ActionInvoked(self, nid, key):
        pass

    @dbus.service.signal(IFACE, signature="us")
    def NotificationReplied(self, nid, text):
        pass

    @dbus.service.signal(IFACE, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass


def main():
    args = sys.argv[1:]
    address = args[0]
    caps = ["actions", "body"]
    mute = "--mute" in args
    if "--caps" in args:
        caps = [c for c in args[args.index("--caps") + 1].split(",") if c]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    server = Server(bus, caps, mute)
    name = dbus.service.BusName(IFACE, bus, do_not_queue=True)
    loop = GLib.MainLoop()

    def command(fd, condition):
        line = sys.stdin.readline()
        if not line or line.strip() == "quit":
            loop.quit()
            return False
        words = line.rstrip("\n").split(" ", 2)
        nid = dbus.UInt32(int(words[1]))
        if words[0] == "action":
            server.ActionInvoked(nid, words[2])
        elif words[0] == "reply":
            server.NotificationReplied(nid, words[2])
        elif words[0] == "dismiss":
            server.open.discard(int(nid))
            server.NotificationClosed(nid, 2)
        say(event="did", what=words[0], id=int(nid))
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, command)
    say(event="ready", name=name.get_name())
    loop.run()


main()
