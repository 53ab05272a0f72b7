@testable import AlerttyKit
import Foundation
import XCTest

/// The catalogue: po/*.po compiled by scripts/msgfmt (as install does), read by the product's
/// own .mo reader, chosen by the locale the gettext way.
final class CatalogTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// po/ compiled into a folder of this run's own: LANG/LC_MESSAGES/alertty.mo.
    static let compiled: String = {
        let dir = NSTemporaryDirectory() + "alertty-locale-\(getpid())"
        // Other suites use them too: they go when the test process exits.
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "alertty-locale-\(getpid())") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", root.appendingPathComponent("scripts/msgfmt").path, "--all", root.appendingPathComponent("po").path, dir]
        try? p.run()
        p.waitUntilExit()
        return dir
    }()

    static func catalog(_ language: String) throws -> Catalog {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(compiled)/\(language)/LC_MESSAGES/alertty.mo")))
        return try XCTUnwrap(Catalog(mo: bytes), language)
    }

    func testEveryLanguageHasEveryMessage() throws {
        let template = try String(contentsOf: Self.root.appendingPathComponent("po/alertty.pot"), encoding: .utf8)
        let ids = template.split(separator: "\n").filter { $0.hasPrefix("msgid \"") && $0 != "msgid \"\"" }.count
        for language in ["de", "fr", "es", "pt_BR", "ru", "ja", "zh_CN"] {
            let catalog = try Self.catalog(language)
            XCTAssertEqual(catalog.count, ids + 1, "\(language): one translation per message, and the header")
            XCTAssertNotNil(catalog.translate("Cancel", context: "whiptail"), language)
        }
        XCTAssertEqual(try Self.catalog("de").translate("Cancel"), "Abbrechen")
        XCTAssertEqual(try Self.catalog("fr").translate("OK", context: "dialog"), "Accepter", "dialog's own French label")
        XCTAssertEqual(try Self.catalog("fr").translate("Ok", context: "whiptail"), "Ok", "whiptail's")
    }

    /// Every entry points at one long string: read eagerly, such a file took minutes before anything
    /// was drawn. Looked up lazily it costs what a real catalogue does.
    static func hostileCatalogue(entries: Int, length: Int) -> [UInt8] {
        var header = [UInt8]()
        func word(_ v: Int) { header += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)] }
        let tables = 28, data = 28 + 16 * entries
        for v in [0x950412de, 0, entries, tables, tables + 8 * entries, 0, 0] { word(v) }
        for _ in 0..<(2 * entries) { word(length); word(data) }
        return header + [UInt8](repeating: UInt8(ascii: "a"), count: length)
    }

    func testAHostileCatalogueCostsNothingAtStart() throws {
        let catalog = try XCTUnwrap(Catalog(mo: Self.hostileCatalogue(entries: 8000, length: 20000)))
        XCTAssertEqual(catalog.count, 8000)
        XCTAssertNil(catalog.translate("Cancel"), "no original is 'Cancel'")
        XCTAssertNil(Catalog(mo: Self.hostileCatalogue(entries: 8000, length: 20000).dropLast()).map { _ in 1 }, "an entry past the end")
    }

    func testNotAMoFileIsRefused() {
        XCTAssertNil(Catalog(mo: Array("msgid \"x\"".utf8)))
        XCTAssertNil(Catalog(mo: [0xde, 0x12, 0x04, 0x95] + [UInt8](repeating: 0xff, count: 24)), "offsets out of the file")
    }

    func testTheLanguageIsChosenTheGettextWay() {
        func languages(_ env: [String: String]) -> [String] { Localization.languages(environment: { env[$0] }) }
        XCTAssertEqual(languages(["LANG": "de_DE.UTF-8"]), ["de_DE", "de"])
        XCTAssertEqual(languages(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]), ["fr_FR", "fr"])
        XCTAssertEqual(languages(["LANG": "de_DE.UTF-8", "LC_ALL": "pt_BR.UTF-8"]), ["pt_BR", "pt"])
        XCTAssertEqual(languages(["LANG": "sr_RS.UTF-8@latin"]), ["sr_RS@latin", "sr_RS", "sr"])
        XCTAssertEqual(languages(["LANG": "de_DE.UTF-8", "LANGUAGE": "ja:fr"]), ["ja", "fr", "de_DE", "de"])
        XCTAssertEqual(languages(["LANG": "C.UTF-8", "LANGUAGE": "de"]), [], "LANGUAGE is not read in the C locale")
        XCTAssertEqual(languages([:]), [])
        XCTAssertEqual(Localization.localeDirectory(beside: "/usr/local/bin/alertty"), "/usr/local/share/locale")
        XCTAssertEqual(Localization.localeDirectory(beside: "/usr/lib/alertty/dropin/whiptail"), "/usr/share/locale")
    }

    func testPlaceholdersAreFilled() throws {
        let saved = Localization.catalog
        defer { Localization.catalog = saved }
        Localization.catalog = try Self.catalog("de")
        XCTAssertEqual(tr("needs at least %d characters (%d so far)", 8, 3), "braucht mindestens 8 Zeichen (bisher 3)")
        XCTAssertEqual(tr("not in the catalogue %d", 1), "not in the catalogue 1", "English when there is no translation")
        XCTAssertEqual(KeyHint(.cancel, "cancel").label, "abbrechen", "hints are translated where they are made")
        XCTAssertEqual(KeyHint(.cancel, "Weg damit").label, "Weg damit", "a label of the user's is shown as given")
    }

    /// Every fixed text the product translates — tr("…") and a key hint's label — is in the
    /// template translators work from (po/alertty.pot), so none is left in English unnoticed.
    /// (A text made of values, such as "±\\(step)", is not a message.)
    func testEveryTranslatedTextIsInTheTemplate() throws {
        let template = try String(contentsOf: Self.root.appendingPathComponent("po/alertty.pot"), encoding: .utf8)
        var entries = Set<String>()
        var context = ""
        for line in template.split(separator: "\n") {
            if line.hasPrefix("msgctxt \"") { context = String(line.dropFirst(9).dropLast()) + "\u{4}" }
            if line.hasPrefix("msgid \"") {
                entries.insert(context + String(line.dropFirst(7).dropLast()))
                context = ""
            }
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let patterns = [#"\btr\("((?:[^"\\]|\\.)*)"(?:, context: "([a-z]+)")?"#,
                        #"KeyHint\((?:\.[a-zA-Z]+|literal: "(?:[^"\\]|\\.)*"), "((?:[^"\\]|\\.)+)""#]
        var checked = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for pattern in patterns {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let message = (text as NSString).substring(with: match.range(at: 1))
                    guard !message.contains("\\(") else { continue }
                    let context = match.numberOfRanges > 2 && match.range(at: 2).location != NSNotFound
                        ? (text as NSString).substring(with: match.range(at: 2)) + "\u{4}" : ""
                    XCTAssertTrue(entries.contains(context + message), "\(file): '\(message)' is not in po/alertty.pot")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 60)
    }
}
