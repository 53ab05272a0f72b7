// --describe: the prompt as one JSON object instead of asking it, with no terminal opened — its
// id and variable, alert, title and text, what an answer is and the default taken without a
// person, its items or fields with their rules, and every flag as given — so a CI system or an
// agent can write the ALERTTY_ANSWERS file a script needs. A secret's value is never in it.

enum Describe {
    /// Writes the description on `fd`: a list's items as they are made, so a list as long as the
    /// item limit allows is never held twice (once as items, once as JSON); false when it could
    /// not be written.
    static func write(_ command: ParsedCommand, built: BuiltAlert, to fd: FileDescriptor) -> Bool {
        var items: AlertMeaning.Choice?
        let text = json(command, built: built, items: &items)
        // (JSON quoting escapes every NUL: the placeholder stands nowhere else.)
        let parts = text.split(at: itemsPlaceholder)
        guard let items, parts.count == 2 else { return Platform.writeAll(fd, Array(text.utf8)) }
        if items.cut { App.report(ScriptedFrontEnd.cutNotice + "; a description reads \(Limits.size(Limits.describedInput)) of items and lists \(Limits.describedItems) at most") }
        guard Platform.writeAll(fd, Array(parts[0].utf8) + [UInt8(ascii: "[")]) else { return false }
        var chunk: [UInt8] = []
        for i in 0..<items.labels.count {
            var item = JSONObject()
            item.put("tag", items.tags[i])
            item.put("label", items.labels[i])
            if i > 0 { chunk.append(UInt8(ascii: ",")) }
            chunk += Array(item.text.utf8)
            if chunk.count >= 1 << 16 {
                guard Platform.writeAll(fd, chunk) else { return false }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        return Platform.writeAll(fd, chunk + Array(("]" + parts[1]).utf8))
    }

    /// Where the items go in the JSON text until they are written.
    private static let itemsPlaceholder = "\u{0}items\u{0}"

    static func json(_ command: ParsedCommand, built: BuiltAlert, items: inout AlertMeaning.Choice?) -> String {
        var alert = built.makeAlert()
        _ = alert.update(.start)
        let stopped = load(&alert, from: built.sources)
        var o = JSONObject()
        let variable = command.string(.id).map { "ALERTTY_ANSWER_" + Answerer.shellName($0) }
        o.put("id", command.string(.id))
        o.put("alert", command.alert.rawValue)
        o.put("variable", variable)
        o.put("title", command.string(.title) ?? "")
        o.put("secret", built.secret)
        let formFields = alert.formFields
        describeAnswer(formFields != nil ? nil : alert.meaning, command, into: &o, items: &items)
        if var listed = items, stopped || listed.labels.count > Limits.describedItems {
            if !listed.cut { o.put("cut", true) }
            listed.cut = true
            let (labels, tags) = (listed.labels, listed.tags)
            listed.labels = ItemTexts(count: min(labels.count, Limits.describedItems)) { labels[$0] }
            listed.tags = ItemTexts(count: min(tags.count, Limits.describedItems)) { tags[$0] }
            items = listed
        }
        if let formFields { o.putRaw("fields", describe(formFields, variable: variable)) }
        o.put("default", defaultAnswer(command, built: built, alert: alert))
        o.putRaw("options", describeFlags(command, secret: built.secret))
        return o.text + "\n"
    }


    /// What the prompt says and what its answer is, by what it asks (nil: a form, whose fields
    /// are answered one by one); a list's items are written after, as they stream.
    static func describeAnswer(_ meaning: AlertMeaning?, _ command: ParsedCommand, into o: inout JSONObject,
                               items: inout AlertMeaning.Choice?) {
        guard let meaning else {
            o.put("text", command.text ?? "")
            o.putRaw("answer", schema(["type": "\"object\""], "each field by its own variable (fields)"))
            return
        }
        switch meaning {
        case .message(let m):
            o.put("text", m.text)
            o.putRaw("answer", schema(["type": "\"string\""], "anything: a message is acknowledged"))
        case .question(let q):
            o.put("text", q.text)
            o.putRaw("answer", schema(["type": "\"string\"", "enum": yesOrNoEnum], AnswerCodec.yesOrNoWords))
            o.put("yes", q.yes)
            o.put("no", q.no)
        case .field(let f):
            o.put("text", f.text)
            o.putRaw("answer", fieldSchema(command, multiline: f.multiline))
            o.put("label", f.label)
            o.put("placeholder", f.placeholder)
            if f.secret { o.put("preset", f.presetSecret) } else { o.put("value", f.preset) }
        case .list(let c):
            o.put("text", c.text)
            // (Valid JSON Schema, draft 2020-12: which strings are items is said by `items`, which
            // no schema keyword can point at; it was `"oneOf":"items"`, not a schema.)
            // A list of up to 256 items says which strings name one (its tags, labels and 1-based
            // indices); a longer one says it in words, its items being listed beside.
            let item = c.labels.count <= 256 ? #"{"type":"string","enum":"# + itemNames(c) + "}" : #"{"type":"string","minLength":1}"#
            o.putRaw("answer", c.multi
                ? schema(["type": "\"array\"", "items": item, "uniqueItems": "true",
                          "minItems": String(c.minimum), "maxItems": c.maximum.map(String.init) ?? "null"],
                         "items (of items), one per line: each its tag, its label or its 1-based index")
                : c.labels.count <= 256 ? String(item.dropLast()) + #","description":"one item (of items): its tag, its label or its 1-based index"}"#
                : schema(["type": "\"string\"", "minLength": "1"], "one item (of items): its tag, its label or its 1-based index"))
            o.put("multi", c.multi)
            o.put("min", c.minimum)
            o.put("max", c.maximum)
            o.putRaw("items", itemsPlaceholder)
            items = c
            if c.cut { o.put("cut", true) }
            o.putRaw("marked", "[" + c.marked.map { String($0 + 1) }.joined(separator: ",") + "]")
        case .browser(let b) where b.opens && b.multi:
            o.put("text", b.text)
            let path = #"{"type":"string","format":"path","minLength":1}"#
            o.putRaw("answer", schema(["type": "\"array\"", "items": path, "uniqueItems": "true",
                                       "minItems": String(command.int(.min) ?? 1), "maxItems": command.int(.max).map(String.init) ?? "null"],
                                      "existing paths inside the root, one per line"))
            o.put("root", command.string(.root) ?? "/")
            o.put("start", String(decoding: b.current, as: UTF8.self))
        case .browser(let b):
            o.put("text", b.text)
            o.putRaw("answer", schema(["type": "\"string\"", "format": "\"path\"", "minLength": b.opens ? "1" : "null",
                                       "root": JSONObject.quoted(command.string(.root) ?? "/")],
                                      b.opens ? (b.choosesFolder ? "an existing folder's path inside the root" : "an existing path inside the root")
                                              : b.choosesFolder ? "a folder's path inside the root" : "a file's path inside the root"))
            o.put("root", command.string(.root) ?? "/")
            o.put("start", String(decoding: b.current, as: UTF8.self))
        case .document(let d):
            o.put("text", command.text ?? "")
            o.putRaw("answer", d.cancel == nil ? schema(["type": "\"string\""], "anything: the text is read and closed")
                                               : schema(["type": "\"string\"", "enum": yesOrNoEnum], "yes or no: agreed or not"))
        case .progress(let p):
            o.put("text", p.text)
            o.putRaw("answer", "null")
        }
    }

    /// Every string that names an item of `c`: its tags, its texts, its labels as shown, and
    /// its 1-based indices (AlertMeaning.Choice.index(of:) takes each).
    static func itemNames(_ c: AlertMeaning.Choice) -> String {
        var names: [String] = []
        var seen = Set<String>()
        for list in [c.tags.filter { !$0.isEmpty }, Array(c.names), Array(c.labels), (0..<c.labels.count).map { String($0 + 1) }] {
            for name in list where seen.insert(name).inserted { names.append(name) }
        }
        return "[" + names.map(JSONObject.quoted).joined(separator: ",") + "]"
    }

    /// A form's fields: each its name, kind, label, variable, default (never a password's), rules and answer.
    static func describe(_ formFields: [(declaration: FieldDeclaration, value: String)], variable: String?) -> String {
        "[" + formFields.map { field in
            let d = field.declaration
            var f = JSONObject()
            f.put("name", d.name)
            f.put("kind", d.kind.rawValue)
            f.put("label", d.label)
            f.put("variable", variable.map { $0 + "_" + Answerer.shellName(d.name) })
            // The default as the schema types it: a switch true or false, a multi a list.
            switch d.kind {
            case .password: f.put("default", nil as String?)
            case .switch: f.put("default", field.value == "on")
            case .multi:
                f.putRaw("default", "[" + field.value.split(separator: ",").map { JSONObject.quoted(String($0)) }.joined(separator: ",") + "]")
            default: f.put("default", field.value)
            }
            var rules = JSONObject()
            for option in FieldOption.allCases {
                guard let v = d.options[option] else { continue }
                // A password field's default is a secret: only that one is set.
                if d.kind == .password && option == .default { rules.putRaw(option.rawValue, secretMarker) } else { rules.putRaw(option.rawValue, typed(v, option)) }
            }
            f.putRaw("options", rules.text)
            f.putRaw("answer", fieldSchema(d).text)
            return f.text
        }.joined(separator: ",") + "]"
    }

    /// The flags given, typed: numbers as numbers, a repeated flag as a list, a secret's preset only said to be set.
    static func describeFlags(_ command: ParsedCommand, secret: Bool) -> String {
        var flags = JSONObject()
        for flag in command.order where flag != .describe {
            let values = command.values[flag] ?? []
            let spec = CommandSpec.spec(flag, for: command.alert) ?? CommandSpec.spec(flag)
            if !spec.takesValue { flags.put(flag.rawValue, true) }
            // A secret's preset (a password's --value, the drop-in's passwordbox INIT): only that one is set.
            else if secret && flag == .value && values.last != "-" { flags.putRaw(flag.rawValue, secretMarker) }
            else if spec.repeatable { flags.putRaw(flag.rawValue, "[" + values.map { typed($0, spec.value) }.joined(separator: ",") + "]") }
            else { flags.putRaw(flag.rawValue, values.last.map { typed($0, spec.value) } ?? "null") }
        }
        return flags.text
    }

    /// A flag's value as JSON of its kind: a number as a number, the rest as text.
    static func typed(_ value: String, _ kind: ValueKind) -> String {
        switch kind {
        case .integer, .seconds: return Double(value) != nil ? value : JSONObject.quoted(value)
        default: return JSONObject.quoted(value)
        }
    }

    /// A field option's value as JSON of its kind: numbers, a list of choices, a flag.
    static func typed(_ value: String, _ option: FieldOption) -> String {
        switch option {
        case .minLength, .maxLength, .min, .max: return Int(value) != nil ? value : JSONObject.quoted(value)
        case .options: return "[" + value.split(separator: ",").map { JSONObject.quoted(String($0)) }.joined(separator: ",") + "]"
        case .readonly, .confirm: return "true"
        default: return JSONObject.quoted(value)
        }
    }

    /// What an answer is, as a JSON Schema-like object an agent can fill without reading flags:
    /// `members` (already JSON) and the words for it.
    static func schema(_ members: KeyValuePairs<String, String>, _ description: String) -> String {
        var o = JSONObject()
        for (key, json) in members where json != "null" { o.putRaw(key, json) }
        o.put("description", description)
        return o.text
    }

    /// The answer of a one-line prompt (input, password, edit; number, date and time say their own).
    static func fieldSchema(_ command: ParsedCommand, multiline: Bool) -> String {
        if let own = command.alert.descriptor.answerSchema { return own(command) }
        let format: String? = switch command.string(.validate) {
        case "email": "\"email\""
        case "number": "\"number\""
        default: nil
        }
        // A whole number is what its rule takes: digits after an optional sign (a schema's
        // pattern says so; "integer" is no string format). --regex, when given, is the pattern.
        let pattern = command.string(.regex) ?? (command.string(.validate) == "int" ? "^[+-]?[0-9]+$" : nil)
        let least = command.int(.minLength) ?? (command.string(.validate) == "nonempty" ? 1 : nil)
        return schema(["type": "\"string\"", "format": format ?? "null", "minLength": least.map(String.init) ?? "null",
                       "maxLength": command.string(.maxLength) ?? "null", "pattern": pattern.map(JSONObject.quoted) ?? "null"],
                      multiline ? "text, several lines" : "one line of text, checked by the prompt's rules")
    }

    /// A string of `format` between the command's --min and --max (a date's, a time's).
    static func boundedSchema(format: String, _ command: ParsedCommand, _ description: String) -> String {
        schema(["type": "\"string\"", "format": JSONObject.quoted(format), "formatMinimum": command.string(.min).map(JSONObject.quoted) ?? "null",
                "formatMaximum": command.string(.max).map(JSONObject.quoted) ?? "null"], description)
    }

    /// A form field's answer (ALERTTY_ANSWER_<ID>_<NAME>) from its kind and options.
    static func fieldSchema(_ d: FieldDeclaration) -> JSONObject {
        var o = JSONObject()
        switch d.kind {
        // A switch is a boolean (ALERTTY_ANSWER takes on/off, yes/no or true/false for it).
        case .switch: o.putRaw("type", "\"boolean\"")
        case .multi:
            o.putRaw("type", "\"array\"")
            o.putRaw("items", "{\"type\":\"string\",\"enum\":" + typed(d.options[.options] ?? "", .options) + "}")
            o.putRaw("uniqueItems", "true")
            o.putRaw("minItems", d.options[.min].flatMap { Int($0) }.map(String.init) ?? "0")
            if let v = d.options[.max], let n = Int(v) { o.putRaw("maxItems", String(n)) }
        case .date:
            o.putRaw("type", "\"string\"")
            o.putRaw("format", "\"date\"")
            if d.options[.min] != nil || d.options[.max] != nil {
                o.put("description", "a date from \(d.options[.min] ?? "any day") to \(d.options[.max] ?? "any day")")
            }
        case .time:
            o.putRaw("type", "\"string\"")
            o.put("pattern", "^[0-9]{1,2}[:.][0-9]{1,2}([:.][0-9]{1,2})?$")
            if d.options[.min] != nil || d.options[.max] != nil {
                o.put("description", "a time from \(d.options[.min] ?? "00:00") to \(d.options[.max] ?? "23:59:59")")
            }
        case .choice: o.putRaw("type", "\"string\""); o.putRaw("enum", typed(d.options[.options] ?? "", .options))
        case .number:
            o.putRaw("type", "\"integer\"")
            if let v = d.options[.min] { o.putRaw("minimum", typed(v, .min)) }
            if let v = d.options[.max] { o.putRaw("maximum", typed(v, .max)) }
        case .text, .password:
            o.putRaw("type", "\"string\"")
            if let v = d.options[.minLength] { o.putRaw("minLength", typed(v, .minLength)) }
            if let v = d.options[.maxLength] { o.putRaw("maxLength", typed(v, .maxLength)) }
            if let v = d.options[.regex] { o.put("pattern", v) }
            if let v = d.options[.validate], v != "none" { o.put("format", v) }
        }
        return o
    }

    /// The two answers a yes/no is recorded as.
    static let yesOrNoEnum = "[" + [AnswerCodec.yes, AnswerCodec.no].map(JSONObject.quoted).joined(separator: ",") + "]"

    /// In place of a secret's value: that one is set, never what it is.
    static let secretMarker = #"{"secret":true}"#

    /// Items streamed in (--items-from), read as the alert takes them: to their end, or to
    /// what a description reads (`yes | alertty choose --describe --items-from -` must end, and
    /// soon); whether it stopped there.
    @discardableResult
    static func load(_ alert: inout any Alert, from sources: [any EventSource]) -> Bool {
        var stopped = false
        for case let stream as InputStream in sources {
            var read = 0
            reading: while let chunk = Platform.read(stream.fd, max: 1 << 20) {
                read += chunk.count
                for effect in alert.update(.input(chunk)) where effect == .closeInput { break reading }
                if read >= Limits.describedInput {
                    stopped = true
                    break reading
                }
            }
            _ = alert.update(.inputEnded)
        }
        return stopped
    }

    /// What no person would answer (--non-interactive): the defaults, given to the alert (its
    /// items loaded) by the one loop, its checks run as they would be (a --validate-cmd that
    /// refuses the default means there is none); nil when there is none, or it is a secret.
    static func defaultAnswer(_ command: ParsedCommand, built: BuiltAlert, alert: any Alert) -> String? {
        guard Ask.hasDefault(command), built.progress == nil else { return nil }
        let checks = built.sources.filter { !($0 is InputStream) } // (the items are read already)
        let quietly = ScriptedFrontEnd(ScriptedAnswers(.defaults), promptName: "", report: { _ in })
        let outcome = Runner(frontEnd: quietly, alert: alert, sources: checks).run()
        guard let answers = AnswerCodec.encode(outcome, recorded: command.alert.descriptor.recorded(command), secret: built.secret),
              answers.count == 1, !answers[0].secret else { return nil }
        return String(decoding: answers[0].value, as: UTF8.self)
    }
}

/// A JSON object written as it is built (keys in the order given).
struct JSONObject {
    private var members: [String] = []

    static func quoted(_ text: String) -> String { String(decoding: JSON.string(Array(text.utf8)), as: UTF8.self) }

    mutating func putRaw(_ key: String, _ json: String) { members.append(Self.quoted(key) + ":" + json) }
    mutating func put(_ key: String, _ value: String?) { putRaw(key, value.map(Self.quoted) ?? "null") }
    mutating func put(_ key: String, _ value: Bool) { putRaw(key, value ? "true" : "false") }
    mutating func put(_ key: String, _ value: Int?) { putRaw(key, value.map(String.init) ?? "null") }

    var text: String { "{" + members.joined(separator: ",") + "}" }
}
