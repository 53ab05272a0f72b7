// `alertty mcp`: a Model Context Protocol server on stdio (JSON-RPC 2.0, one message a line)
// whose tools ask a person — confirm, choose, input, form (an elicitation's schema) — and return
// the answer as structured content with its action (accept, decline, cancel). Each call is asked
// by an `alertty ask` of its own, started with no terminal: it reaches the person where they are
// (a tmux popup, `alertty agent`, the desktop), or on the terminal given with --tty; the server
// keeps reading meanwhile, so a cancelled request closes its box. Secrets are never asked for.

struct MCPProgram: Program {
    static let versions = ["2025-06-18", "2025-03-26", "2024-11-05"]
    /// The longest message read: a longer line is answered with a parse error and passed over.
    static let longestLine = 1 << 20

    static let usage = """
        usage: alertty mcp [--tty PATH] [--timeout SECONDS]
          A Model Context Protocol server on stdio whose tools ask a person: confirm, choose, input
          and form. Each question reaches the person where they are (a tmux popup, alertty agent,
          the desktop) within --timeout (default 600 s), or on the terminal PATH.

        """

    static let tools = """
        [{"name":"confirm","title":"Ask a person yes or no","description":"Asks a person a yes/no question where they are (a terminal popup, their agent, the desktop). accept: they said yes; decline: no; cancel: they dismissed it or nobody answered in time.","inputSchema":{"type":"object","properties":{"message":{"type":"string","description":"The question"},"title":{"type":"string"},"yes":{"type":"string","description":"The yes button's label"},"no":{"type":"string","description":"The no button's label"}},"required":["message"]}},\
        {"name":"choose","title":"Ask a person to choose","description":"Asks a person to choose one option (or several with multiple). accept: content is the option (or a list); decline or cancel otherwise.","inputSchema":{"type":"object","properties":{"message":{"type":"string"},"options":{"type":"array","items":{"type":"string"},"minItems":1},"multiple":{"type":"boolean"},"title":{"type":"string"}},"required":["message","options"]}},\
        {"name":"input","title":"Ask a person for a line of text","description":"Asks a person for one line of text (never a secret), checked by the rules given. accept: content is the text.","inputSchema":{"type":"object","properties":{"message":{"type":"string"},"title":{"type":"string"},"default":{"type":"string"},"pattern":{"type":"string"},"minLength":{"type":"integer","minimum":0},"maxLength":{"type":"integer","minimum":1},"format":{"type":"string","enum":["email"]}},"required":["message"]}},\
        {"name":"form","title":"Ask a person several things","description":"Asks a person the fields of a flat JSON Schema (an MCP elicitation's requestedSchema: strings with formats, lengths, patterns and enums; numbers; integers; booleans). accept: content is an object of the answers.","inputSchema":{"type":"object","properties":{"message":{"type":"string"},"requestedSchema":{"type":"object"}},"required":["message","requestedSchema"]}}]
        """

    /// A tool call being asked: the request's id (as JSON text) and the `alertty ask` asking it.
    final class Call {
        let id: String
        let pid: Int32
        var stdout: FileDescriptor, stderr: FileDescriptor
        var out: [UInt8] = [], err: [UInt8] = []
        init(id: String, pid: Int32, stdout: FileDescriptor, stderr: FileDescriptor) { (self.id, self.pid, self.stdout, self.stderr) = (id, pid, stdout, stderr) }
        var done: Bool { stdout < 0 && stderr < 0 }
    }

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        var tty: String?, timeout = "600"
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--help", "-h":
                Platform.writeAll(1, Array(Self.usage.utf8))
                return 0
            case "--tty", "--timeout":
                guard let value = words.popFirst() else {
                    App.report("mcp: \(word) needs a value")
                    return ExitStatus.usage.rawValue
                }
                if word == "--tty" { tty = value } else { timeout = value }
            default:
                App.report("mcp takes --tty PATH and --timeout SECONDS, not \(Sanitize.excerpt(word))")
                return ExitStatus.usage.rawValue
            }
        }
        Platform.ignoreBrokenPipes()
        var server = Server(tty: tty, timeout: timeout)
        return server.serve()
    }

    struct Server {
        let tty: String?
        let timeout: String
        var client = ""
        var calls: [Call] = []
        var pending: [UInt8] = []
        /// A line past the limit is being passed over (to its newline).
        var skipping = false

        init(tty: String?, timeout: String) { (self.tty, self.timeout) = (tty, timeout) }

        func send(_ json: String) { Platform.writeAll(1, Array((json + "\n").utf8)) }

        func result(_ id: String, _ result: String) { send("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":\(result)}") }

        func error(_ id: String, _ code: Int, _ message: String) {
            send("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":{\"code\":\(code),\"message\":\(JSON.text(message))}}")
        }

        mutating func serve() -> Int32 {
            while true {
                let reads: [FileDescriptor] = [0] + calls.flatMap { call -> [FileDescriptor] in [call.stdout, call.stderr].filter { $0 >= 0 } }
                let ready = Platform.poll(reads, timeoutMs: -1)
                for call in calls {
                    for fd in [call.stdout, call.stderr] where fd >= 0 && ready.contains(fd) {
                        // (Empty: nothing yet; nil: its end.)
                        guard let bytes = Platform.read(fd, max: 65536) else {
                            Platform.close(fd)
                            if fd == call.stdout { call.stdout = -1 } else { call.stderr = -1 }
                            continue
                        }
                        if fd == call.stdout { call.out += bytes.prefix(max(0, Self.outLimit - call.out.count)) } else { call.err += bytes.prefix(max(0, 4096 - call.err.count)) }
                    }
                }
                for call in calls where call.done { finish(call) }
                calls.removeAll(where: \.done)
                guard ready.contains(0) else { continue }
                guard let bytes = Platform.read(0, max: 65536) else { break }
                take(bytes)
            }
            // The client went away: every box still up goes.
            for call in calls { Platform.killGroup(call.pid) }
            for call in calls { _ = Platform.reap(call.pid, wait: true) }
            return 0
        }

        static let outLimit = 16 << 20

        /// What came of a call: its answer as the tool's result.
        func finish(_ call: Call) {
            let status = Platform.reap(call.pid, wait: true) ?? -1
            let text = String(decoding: call.out, as: UTF8.self).trimmingSpaces()
            if let answer = try? JSONValue.parse(Array(text.utf8)), answer["action"] != nil {
                result(call.id, "{\"content\":[{\"type\":\"text\",\"text\":\(JSON.text(answer.text))}],\"structuredContent\":\(answer.text),\"isError\":false}")
            } else {
                let said = Sanitize.line(String(decoding: call.err, as: UTF8.self).trimmingSpaces())
                let why = said.isEmpty ? "the question could not be asked (status \(status))" : said
                result(call.id, "{\"content\":[{\"type\":\"text\",\"text\":\(JSON.text(why))}],\"isError\":true}")
            }
        }

        /// Complete lines of what arrived, each a message.
        mutating func take(_ bytes: [UInt8]) {
            pending += bytes
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeFirst(newline + 1)
                if skipping {
                    skipping = false
                    continue
                }
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { handle(line) }
            }
            if pending.count > MCPProgram.longestLine {
                // (Said once; the rest of the line is passed over as it comes.)
                if !skipping { error("null", -32700, "Parse error: a message over \(MCPProgram.longestLine) bytes") }
                pending = []
                skipping = true
            }
        }

        mutating func handle(_ line: [UInt8]) {
            let message: JSONValue
            do throws(JSONValue.Malformed) { message = try JSONValue.parse(line) } catch {
                return self.error("null", -32700, "Parse error: " + error.message)
            }
            guard message.members != nil, message["jsonrpc"]?.stringValue == "2.0", let method = message["method"]?.stringValue else {
                // (A response to us, or a batch: this server sends no requests.)
                if message["result"] == nil && message["error"] == nil { self.error(message["id"]?.text ?? "null", -32600, "Invalid Request") }
                return
            }
            let params = message["params"] ?? .object([])
            guard let id = message["id"]?.text else {
                notification(method, params)
                return
            }
            switch method {
            case "initialize":
                let asked = params["protocolVersion"]?.stringValue ?? ""
                client = params["clientInfo"]?["name"]?.stringValue ?? ""
                let version = MCPProgram.versions.contains(asked) ? asked : MCPProgram.versions[0]
                result(id, "{\"protocolVersion\":\(JSON.text(version)),\"capabilities\":{\"tools\":{\"listChanged\":false}},"
                       + "\"serverInfo\":{\"name\":\"alertty\",\"version\":\(JSON.text(CommandSpec.version))},"
                       + "\"instructions\":\"Each tool asks a person where they are and waits for their answer.\"}")
            case "ping":
                result(id, "{}")
            case "tools/list":
                result(id, "{\"tools\":\(MCPProgram.tools)}")
            case "tools/call":
                call(id, params)
            default:
                self.error(id, -32601, "Method not found: \(Sanitize.line(method))")
            }
        }

        mutating func notification(_ method: String, _ params: JSONValue) {
            guard method == "notifications/cancelled", let id = params["requestId"]?.text else { return }
            // Its box closes (the ask is stopped, and restores what it touched); no answer is sent.
            for call in calls where call.id == id {
                Platform.killGroup(call.pid)
                for fd in [call.stdout, call.stderr] where fd >= 0 { Platform.close(fd) }
                call.stdout = -1
                call.stderr = -1
                _ = Platform.reap(call.pid, wait: true)
            }
            calls.removeAll { $0.id == id }
        }

        /// A tool call: its question made, and asked by an `alertty ask` of its own.
        mutating func call(_ id: String, _ params: JSONValue) {
            let arguments = params["arguments"] ?? .object([])
            guard let name = params["name"]?.stringValue else { return self.error(id, -32602, "Invalid params: no tool name") }
            let question: String
            switch Self.question(name, arguments, client: client) {
            case .success(let made): question = made
            case .failure(let refused):
                return result(id, "{\"content\":[{\"type\":\"text\",\"text\":\(JSON.text(refused.message))}],\"isError\":true}")
            }
            guard let executable = Platform.executablePath() else { return self.error(id, -32603, "alertty cannot find itself") }
            var argv = [executable, "ask", "-"]
            if name == "form" && !client.isEmpty { argv += ["--title", client] }
            argv += tty.map { ["--tty", $0] } ?? ["--popup", "--timeout", timeout]
            guard let child = try? Platform.spawnPiped(argv, newSession: tty == nil) else { return self.error(id, -32603, "alertty ask could not be run") }
            Platform.writeAll(child.stdin, Array(question.utf8))
            Platform.close(child.stdin)
            calls.append(Call(id: id, pid: child.pid, stdout: child.stdout, stderr: child.stderr))
        }

        /// The question a tool's arguments ask, as `alertty ask` reads it.
        static func question(_ tool: String, _ arguments: JSONValue, client: String) -> Result<String, QuestionJSON.Refused> {
            guard let message = arguments["message"]?.stringValue else { return .failure(.init(path: "arguments.message", why: "a string is needed")) }
            let title = [client, arguments["title"]?.stringValue ?? ""].filter { !$0.isEmpty }.joined(separator: ": ")
            var options: [(String, JSONValue)] = title.isEmpty ? [] : [("title", .string(title))]
            switch tool {
            case "confirm":
                for key in ["yes", "no"] { if let label = arguments[key]?.stringValue { options.append((key, .string(label))) } }
                return .success(JSONValue.object([("alert", .string("confirm")), ("text", .string(message)), ("options", .object(options))]).text)
            case "choose":
                guard let items = arguments["options"]?.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue != nil }) else {
                    return .failure(.init(path: "arguments.options", why: "a list of strings is needed"))
                }
                if arguments["multiple"]?.boolValue == true { options.append(("multi", .bool(true))) }
                return .success(JSONValue.object([("alert", .string("choose")), ("text", .string(message)), ("items", .array(items)),
                                                  ("options", .object(options))]).text)
            case "input":
                if arguments["secret"]?.boolValue == true { return .failure(.init(path: "arguments.secret", why: "secrets are never asked for over MCP")) }
                for (key, flag) in [("default", "value"), ("pattern", "regex"), ("minLength", "min-length"), ("maxLength", "max-length")] {
                    if let given = arguments[key] { options.append((flag, given)) }
                }
                if let format = arguments["format"]?.stringValue {
                    guard format == "email" else { return .failure(.init(path: "arguments.format", why: "only email is a format input asks")) }
                    options.append(("validate", .string("email")))
                }
                return .success(JSONValue.object([("alert", .string("input")), ("text", .string(message)), ("options", .object(options))]).text)
            case "form":
                guard let schema = arguments["requestedSchema"] else { return .failure(.init(path: "arguments.requestedSchema", why: "a schema is needed")) }
                for (name, property) in schema["properties"]?.members ?? [] where property["format"]?.stringValue == "password" || property["writeOnly"]?.boolValue == true {
                    return .failure(.init(path: "arguments.requestedSchema.properties.\(name)", why: "secrets are never asked for over MCP"))
                }
                return .success(JSONValue.object([("message", .string(message)), ("requestedSchema", schema)]).text)
            default:
                return .failure(.init(path: "name", why: "no tool \(Sanitize.excerpt(tool)): confirm, choose, input or form"))
            }
        }
    }
}
