// One word for /bin/sh, whatever it holds: in single quotes, each ' written as '\''. Nothing
// inside is expanded by the shell or by `eval` — a preview's placeholders, a recorded answer,
// a form's --output shell, the popup's command line.

enum Shell {
    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "'")]
        for b in bytes {
            if b == UInt8(ascii: "'") { out += Array("'\\''".utf8) } else { out.append(b) }
        }
        out.append(UInt8(ascii: "'"))
        return out
    }

    static func quoted(_ text: String) -> String { String(decoding: quoted(Array(text.utf8)), as: UTF8.self) }
}
