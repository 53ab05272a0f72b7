// A question handed over as JSON (`alertty ask`, the MCP server's tools) made into the words of
// an alertty command, so it is asked the one way every alert is (its flags checked by the same
// parser: a bad pattern is the same usage error), and its answer given back as JSON. Two shapes:
//
// - what `--describe` prints: `alert`, `title`, `text`, `options` (its flags by name), `items`,
//   `fields` — so a described prompt fed back asks the same prompt;
// - an MCP elicitation: `{message, requestedSchema}` (or the whole `elicitation/create`
//   request), a flat object schema of strings (formats, lengths, patterns, enums), numbers,
//   integers, booleans and one multiple choice — asked as a form, its answer an object.
//
// Anything it cannot ask is refused with the JSON path and why, before anything is asked.

enum QuestionJSON {
    struct Refused: Error, Equatable {
        var path: String
        var why: String
        var message: String { "\(path): \(why)" }
    }

    /// How the answer becomes the `content` of an accepted answer.
    enum Content: Equatable {
        /// Nothing to give (a message): null.
        case none
        /// Yes (an accepted confirm): true.
        case confirmed
        case text
        case number
        /// Several items (a multiple choice): an array of strings.
        case items
        /// The form's JSON answer as it is.
        case object
        /// One multiple choice asked alone for an elicitation: `{NAME: [items]}`.
        case itemsNamed(String)
    }

    struct Question: Equatable {
        var words: [String]
        var content: Content
    }

    static func question(_ value: JSONValue) throws(Refused) -> Question {
        if value["method"]?.stringValue == "elicitation/create", let params = value["params"] { return try elicitation(params, path: "params") }
        if value["requestedSchema"] != nil { return try elicitation(value, path: "") }
        if value["alert"] != nil { return try described(value) }
        throw Refused(path: "(the question)", why: "neither an elicitation ({message, requestedSchema}) nor a described prompt ({alert, …})")
    }

    // MARK: - An MCP elicitation

    static func elicitation(_ value: JSONValue, path: String) throws(Refused) -> Question {
        func at(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        guard let message = value["message"]?.stringValue else { throw Refused(path: at("message"), why: "a string is needed") }
        guard let schema = value["requestedSchema"], schema["type"]?.stringValue == "object",
              let properties = schema["properties"]?.members, !properties.isEmpty else {
            throw Refused(path: at("requestedSchema"), why: "an object schema with properties is needed")
        }
        let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        // One multiple choice alone: a list to mark items in.
        if properties.count == 1, properties[0].1["type"]?.stringValue == "array" {
            let (name, property) = properties[0]
            let picks = try choices(of: property["items"] ?? .null, path: at("requestedSchema.properties.\(name).items"))
            var words = ["choose", "--multi", "--title", property["title"]?.stringValue ?? name]
            words += ["--min", String(Int(property["minItems"]?.numberValue ?? (required.contains(name) ? 1 : 0)))]
            if let most = property["maxItems"]?.numberValue { words += ["--max", String(Int(most))] }
            return Question(words: words + ["--", message] + picks, content: .itemsNamed(name))
        }
        var words = ["form", "--output", "json"]
        for (name, property) in properties {
            let here = at("requestedSchema.properties.\(name)")
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
            else { throw Refused(path: here, why: "a field's name is letters, digits and _") }
            words += try field(name, property, required: required.contains(name), path: here)
        }
        return Question(words: words + ["--", message], content: .object)
    }

    /// `--field NAME KIND LABEL` and its options for one property.
    static func field(_ name: String, _ property: JSONValue, required: Bool, path: String) throws(Refused) -> [String] {
        let label = property["title"]?.stringValue ?? name
        var options: [String] = []
        if let hint = property["description"]?.stringValue { options += ["--hint", hint] }
        func number(_ key: String) -> String? {
            guard case .number(let n)? = property[key] else { return nil }
            return n
        }
        switch property["type"]?.stringValue {
        case "boolean":
            if let on = property["default"]?.boolValue { options += ["--default", on ? "on" : "off"] }
            return ["--field", name, "switch", label] + options
        case "number", "integer":
            if let least = number("minimum") { options += ["--min", least] }
            if let most = number("maximum") { options += ["--max", most] }
            if let given = number("default") { options += ["--default", given] }
            // (A whole number with no bounds is checked as one; bounded, the number field keeps them.)
            if property["type"]?.stringValue == "integer" && options.allSatisfy({ $0 != "--min" && $0 != "--max" }) {
                return ["--field", name, "text", label, "--validate", "int"] + options
            }
            return ["--field", name, "number", label] + options
        case "string":
            if property["enum"] != nil || property["oneOf"] != nil || property["anyOf"] != nil {
                let picks = try choices(of: property, path: path)
                guard !picks.contains(where: { $0.contains(",") }) else { throw Refused(path: path, why: "a choice holding a comma cannot be asked") }
                if let given = property["default"]?.stringValue { options += ["--default", given] }
                return ["--field", name, "choice", label, "--options", picks.joined(separator: ",")] + options
            }
            switch property["format"]?.stringValue {
            case nil: break
            case "email": options += ["--validate", "email"]
            case "date":
                // The date field: a real day, printed YYYY-MM-DD.
                if let given = property["default"]?.stringValue { options += ["--default", given] }
                return ["--field", name, "date", label] + options
            case "date-time": options += ["--regex", "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})"]
            case "uri": options += ["--regex", "[A-Za-z][A-Za-z0-9+.-]*:[^ ]+"]
            case let other?: throw Refused(path: path + ".format", why: "the format \(Sanitize.excerpt(other)) cannot be asked")
            }
            if let least = number("minLength") { options += ["--min-length", least] } else if required { options += ["--validate", "nonempty"] }
            if let most = number("maxLength") { options += ["--max-length", most] }
            if let pattern = property["pattern"]?.stringValue { options += ["--regex", pattern] }
            if let given = property["default"]?.stringValue { options += ["--default", given] }
            return ["--field", name, "text", label] + options
        case "array":
            // Several of a set: the multi field, its count bounded as the schema bounds it.
            guard let items = property["items"] else { throw Refused(path: path + ".items", why: "an enum of strings is needed") }
            let picks = try choices(of: items, path: path + ".items")
            guard !picks.contains(where: { $0.contains(",") }) else { throw Refused(path: path, why: "a choice holding a comma cannot be asked") }
            if let least = number("minItems") { options += ["--min", least] }
            if let most = number("maxItems") { options += ["--max", most] }
            if let given = property["default"]?.arrayValue {
                options += ["--default", given.compactMap(\.stringValue).joined(separator: ",")]
            }
            return ["--field", name, "multi", label, "--options", picks.joined(separator: ",")] + options
        default:
            throw Refused(path: path + ".type", why: "a string, number, integer, boolean or array is needed")
        }
    }

    /// The values of an enum (`enum`, or `oneOf`/`anyOf` of `{const, title}`).
    static func choices(of schema: JSONValue, path: String) throws(Refused) -> [String] {
        if let values = schema["enum"]?.arrayValue {
            let strings = values.compactMap(\.stringValue)
            guard !strings.isEmpty, strings.count == values.count else { throw Refused(path: path + ".enum", why: "strings are needed") }
            return strings
        }
        if let variants = schema["oneOf"]?.arrayValue ?? schema["anyOf"]?.arrayValue {
            let strings = variants.compactMap { $0["const"]?.stringValue }
            guard !strings.isEmpty, strings.count == variants.count else { throw Refused(path: path + ".oneOf", why: "each needs a string const") }
            return strings
        }
        throw Refused(path: path, why: "an enum of strings is needed")
    }

    // MARK: - A described prompt

    static func described(_ value: JSONValue) throws(Refused) -> Question {
        guard let alert = value["alert"]?.stringValue, let kind = AlertKind(rawValue: alert) else {
            throw Refused(path: "alert", why: "one of " + AlertKind.allCases.map(\.rawValue).joined(separator: ", ") + " is needed")
        }
        var words = [alert]
        let options = value["options"]?.members ?? []
        if value["options"] != nil && value["options"]?.members == nil { throw Refused(path: "options", why: "an object is needed") }
        for (flag, given) in options where !(kind == .form && flag == "output") {
            switch given {
            case .bool(let on): if on { words.append("--" + flag) }
            case .string(let s): words += ["--" + flag, s]
            case .number(let n): words += ["--" + flag, n]
            case .array(let values):
                for v in values {
                    guard let s = v.stringValue ?? (v.numberValue == nil ? nil : v.text) else { throw Refused(path: "options.\(flag)", why: "strings are needed") }
                    words += ["--" + flag, s]
                }
            default: throw Refused(path: "options.\(flag)", why: "a string, a number, true or a list is needed")
            }
        }
        if let title = value["title"]?.stringValue, !title.isEmpty, !options.contains(where: { $0.0 == "title" }) { words += ["--title", title] }
        if kind == .form {
            words += ["--output", "json"]
            for (i, field) in (value["fields"]?.arrayValue ?? []).enumerated() {
                guard let name = field["name"]?.stringValue, let fieldKind = field["kind"]?.stringValue else {
                    throw Refused(path: "fields[\(i)]", why: "a name and a kind are needed")
                }
                words += ["--field", name, fieldKind, field["label"]?.stringValue ?? name]
                for (option, given) in field["options"]?.members ?? [] {
                    switch given {
                    case .bool(let on): if on { words.append("--" + option) }
                    case .string(let s): words += ["--" + option, s]
                    case .number(let n): words += ["--" + option, n]
                    case .array(let values): words += ["--" + option, values.compactMap(\.stringValue).joined(separator: ",")]
                    default: throw Refused(path: "fields[\(i)].options.\(option)", why: "a string, a number, true or a list is needed")
                    }
                }
                if let given = field["default"]?.stringValue, !given.isEmpty, field["options"]?["default"] == nil, fieldKind != "password" {
                    words += ["--default", given]
                }
            }
        }
        var positionals: [String] = []
        if let text = value["text"]?.stringValue { positionals.append(text) }
        if let items = value["items"]?.arrayValue {
            for (i, item) in items.enumerated() {
                guard let label = item.stringValue ?? item["label"]?.stringValue else { throw Refused(path: "items[\(i)]", why: "a string or {label} is needed") }
                if let tag = item["tag"]?.stringValue, !tag.isEmpty { throw Refused(path: "items[\(i)].tag", why: "items with tags are asked by alertty's flags") }
                positionals.append(label)
            }
        }
        if !positionals.isEmpty { words += ["--"] + positionals }
        let multi = options.contains { $0.0 == "multi" && $0.1.boolValue == true }
        let content: Content = switch kind {
        case .confirm: .confirmed
        case .number: .number
        case .choose: multi ? .items : .text
        case .form: .object
        case .message, .progress, .text: .none
        default: .text
        }
        return Question(words: words, content: content)
    }

    // MARK: - The answer

    /// `{"action":…,"content":…}` for what came of asking (nil: nothing was asked — a usage
    /// error, said already).
    static func answer(_ ran: Ran, _ content: Content) -> String? {
        guard case .ended(let outcome, _, _) = ran else { return nil }
        switch outcome.status {
        case .ok, .extra:
            return "{\"action\":\"accept\",\"content\":" + value(outcome, content) + "}"
        case .cancel:
            return "{\"action\":\"" + (outcome.pressedEsc ? "cancel" : "decline") + "\"}"
        case .usage, .internalError, .described:
            return nil
        default:
            return "{\"action\":\"cancel\"}"
        }
    }

    static func value(_ outcome: Outcome, _ content: Content) -> String {
        let answer = outcome.answer ?? []
        func items() -> String {
            let list = outcome.items ?? answer.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init).filter { !$0.isEmpty }
            return "[" + list.map { String(decoding: JSON.string($0), as: UTF8.self) }.joined(separator: ",") + "]"
        }
        switch content {
        case .none: return "null"
        case .confirmed: return "true"
        case .text: return String(decoding: JSON.string(answer), as: UTF8.self)
        case .number:
            let text = String(decoding: answer, as: UTF8.self)
            return (try? JSONValue.parse(answer)).flatMap { if case .number = $0 { return text } else { return nil } }
                ?? String(decoding: JSON.string(answer), as: UTF8.self)
        case .items: return items()
        case .object: return (try? JSONValue.parse(answer))?.text ?? "{}"
        case .itemsNamed(let name): return "{" + JSON.text(name) + ":" + items() + "}"
        }
    }
}
