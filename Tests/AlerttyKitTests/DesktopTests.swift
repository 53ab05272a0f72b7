// The desktop channel's pure parts: D-Bus messages both ways (and what is refused), where the
// session bus is, and what a question looks like as a notification.
@testable import AlerttyKit
import XCTest

final class DesktopTests: XCTestCase {
    typealias V = DBusWire.Value

    func testACallRoundTripsAndIsLaidOutAsTheSpecSays() throws {
        var call = DBusWire.Message.call(7, to: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                                         interface: "org.freedesktop.Notifications", member: "Notify", signature: "susssasa{sv}i",
                                         body: [.string("alertty"), .uint32(0), .string("dialog-question"), .string("Disk · asked"),
                                                .string("Clean?"), .array("s", [.string("yes"), .string("Yes")]),
                                                .array("{sv}", [.entry(.string("urgency"), .variant("y", .byte(2))),
                                                                .entry(.string("resident"), .variant("b", .bool(true)))]),
                                                .int32(-1)])
        call.flags = DBusWire.Message.noAutoStart
        let bytes = DBusWire.encode(call)
        XCTAssertEqual(Array(bytes.prefix(4)), [UInt8(ascii: "l"), 1, 2, 1], "little-endian, a call, no auto-start, version 1")
        XCTAssertEqual(try DBusWire.length(bytes[...]), bytes.count)
        XCTAssertNil(try DBusWire.length(bytes.prefix(15)), "not yet: the fixed header is 16 bytes")
        let back = try DBusWire.decode(bytes)
        XCTAssertEqual(DBusWire.encode(back), bytes, "read back as it was written")
        XCTAssertEqual(back.member, "Notify")
        XCTAssertEqual(back.body.count, 8)
        // The body starts 8-aligned: the header's length says where.
        let fields = Int(bytes[12]) | Int(bytes[13]) << 8
        XCTAssertEqual((16 + fields + 7) / 8 * 8 + Int(bytes[4]) + Int(bytes[5]) << 8, bytes.count)
    }

    func testASignalFromTheServerIsRead() throws {
        var signal = DBusWire.Message(kind: .signal, serial: 12, path: "/org/freedesktop/Notifications",
                                      interface: "org.freedesktop.Notifications", member: "ActionInvoked", sender: ":1.5",
                                      signature: "us", body: [.uint32(3), .string("yes")])
        signal.destination = ":1.9"
        let back = try DBusWire.decode(DBusWire.encode(signal))
        XCTAssertEqual(DBusWire.encode(back), DBusWire.encode(signal))
        XCTAssertEqual(back.sender, ":1.5")
        XCTAssertEqual(back.body.last?.string, "yes")
        XCTAssertEqual(back.body.first?.uint32, 3)
    }

    /// Nothing read is trusted: garbage, lies about lengths, deep nesting and a huge message are
    /// refused with a reason, never read past or buffered.
    func testMalformedMessagesAreRefused() throws {
        let good = DBusWire.encode(.call(1, to: "a.b", path: "/", interface: "a.b", member: "M", signature: "as",
                                         body: [.array("s", [.string("x")])]))
        var bigEndian = good
        bigEndian[0] = UInt8(ascii: "B")
        XCTAssertThrowsError(try DBusWire.length(bigEndian[...]))
        var huge = good
        huge[4...7] = [0, 0, 0, 0x10] // a body of 256 MiB
        XCTAssertThrowsError(try DBusWire.length(huge[...]))
        var lying = good
        lying[lying.count - 10] = 0xFF // the string's length past the end
        XCTAssertThrowsError(try DBusWire.decode(lying))
        XCTAssertThrowsError(try DBusWire.decode(Array(good.dropLast())))
        var deep = DBusWire.Reader(bytes: [UInt8](repeating: 0, count: 4096), offset: 0)
        XCTAssertThrowsError(try deep.read(Substring(String(repeating: "(", count: 100) + "y" + String(repeating: ")", count: 100))), "nested past 64")
        var unknown = DBusWire.Reader(bytes: [1, 2, 3, 4], offset: 0)
        XCTAssertThrowsError(try unknown.read("z"))
    }

    func testSignaturesSplitIntoCompleteTypes() {
        var signature: Substring = "susssasa{sv}i(uu)"
        var types: [String] = []
        while !signature.isEmpty { types.append(String(DBusWire.nextType(&signature))) }
        XCTAssertEqual(types, ["s", "u", "s", "s", "s", "as", "a{sv}", "i", "(uu)"])
        var broken: Substring = "(uu"
        XCTAssertEqual(DBusWire.nextType(&broken), "")
    }

    func testTheSessionBusIsFoundWhereTheEnvironmentOrSystemdSays() {
        XCTAssertEqual(SessionBus.addresses("unix:path=/run/user/1000/bus"), [.path("/run/user/1000/bus")])
        XCTAssertEqual(SessionBus.addresses("unix:abstract=/tmp/dbus-Xy,guid=1f;unix:path=/a%20b"),
                       [.abstract("/tmp/dbus-Xy"), .path("/a b")])
        XCTAssertEqual(SessionBus.addresses("tcp:host=localhost,port=1;autolaunch:;unix:tmpdir=/tmp"), [], "only sockets it speaks")
        XCTAssertEqual(SessionBus.addresses("unix:path=/bad%zz"), [])
        XCTAssertEqual(SessionBus.address(environment: { $0 == "DBUS_SESSION_BUS_ADDRESS" ? "unix:path=/x" : nil }), .path("/x"))
        XCTAssertNil(SessionBus.address(environment: { _ in nil }, user: 4_000_000_000), "no variable, no /run/user/UID/bus")
    }

    func notice(_ meaning: AlertMeaning?, secret: Bool = false, title: String = "Disk") -> DesktopNotice {
        DesktopNotice.of(meaning, secret: secret, countdown: false, title: title, asker: Popup.Asker(program: "check-disk", pid: 42),
                         since: (hour: 9, minute: 5))
    }

    func testAQuestionAsANotification() {
        let confirm = notice(.question(.init(title: "Disk", text: "Clean now?", yes: "Clean", no: "Keep", defaultYes: true)))
        XCTAssertEqual(confirm.summary, "Disk · asked by check-disk (pid 42) since 09:05")
        XCTAssertEqual(confirm.buttons.map(\.label), ["Clean", "Keep"])
        XCTAssertEqual(confirm.answer(forAction: "no"), "no")
        XCTAssertNil(confirm.answer(forAction: "default"), "the body clicked is no answer")
        let request = confirm.request(capabilities: ["actions"], refusal: nil)
        XCTAssertEqual(request.body, "Clean now?")
        XCTAssertEqual(request.actions, ["yes", "Clean", "no", "Keep"])

        let untitled = notice(.message(.init(title: "", text: "Done", ok: "OK")), title: "")
        XCTAssertEqual(untitled.summary, "Asked by check-disk (pid 42) since 09:05")

        let many = notice(.list(.init(title: "", text: "Which?", labels: ["a", "b", "c", "d"], tags: ["", "", "", ""],
                                      names: ["a", "b", "c", "d"], focused: 0, multi: false, minimum: 1, maximum: 1, marked: [])))
        XCTAssertTrue(many.buttons.isEmpty, "four items do not fit on buttons")
        XCTAssertEqual(many.request(capabilities: ["actions"], refusal: nil).body, "Which?\n" + DesktopNotice.elsewhere)
    }

    func testASecretNeverTravels() {
        let field = AlertMeaning.field(.init(title: "Vault", text: "Key for vault-7f3a?", label: nil, secret: true, placeholder: "",
                                             reason: nil, checking: false))
        let secret = notice(field, secret: true, title: "Vault")
        XCTAssertNil(secret.text)
        XCTAssertNil(secret.replyPlaceholder)
        XCTAssertEqual(secret.urgency, 2)
        let request = secret.request(capabilities: ["actions", "inline-reply"], refusal: nil)
        XCTAssertEqual(request.body, DesktopNotice.elsewhere)
        XCTAssertEqual(request.actions, [])
    }

    func testMarkupIsEscapedOnlyWhereTheServerReadsIt() {
        let message = notice(.message(.init(title: "", text: "a <b> & \"c\"\u{1B}[31m", ok: "OK")))
        XCTAssertEqual(message.request(capabilities: ["actions", "body-markup"], refusal: nil).body,
                       "a &lt;b&gt; &amp; &quot;c&quot;" + Sanitize.line("\u{1B}") + "[31m")
        XCTAssertEqual(message.request(capabilities: ["actions"], refusal: nil).body, "a <b> & \"c\"" + Sanitize.line("\u{1B}") + "[31m")
    }
}
