// alertty's own command line: an alert with its flags, or --help, --version, --generate and
// --print-theme and --print-terminal. The answer goes to stdout; the status is alertty's.

struct AlerttyProgram: Program {
    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        let parsed: ParseResult
        do { parsed = try ArgumentParser.parse(arguments) } catch {
            App.report(error.message)
            return ExitStatus.usage.rawValue
        }
        switch parsed {
        case .help(let text):
            Platform.writeAll(1, Array(text.utf8))
        case .version:
            Platform.writeAll(1, Array("alertty \(CommandSpec.version)\n".utf8))
        case .generate(let what):
            Platform.writeAll(1, Array(Docs.generate(what).utf8))
        case .printTheme(let name):
            let text = name.isEmpty ? ThemeChoice.text(environment: Platform.environment) : ThemePresets.text(name) ?? ""
            Platform.writeAll(1, Array(text.utf8))
        case .printTerminal:
            // Asked as a box asks as it starts (50 ms at most); no terminal: nothing to keep.
            guard let facts = ThemeChoice.ask("/dev/tty") else {
                App.report("--print-terminal: no terminal to ask (/dev/tty)")
                return ExitStatus.noTerminal.rawValue
            }
            Platform.writeAll(1, Array((facts.cacheText + "\n").utf8))
        case .run(let command):
            let ran: Ran
            do { ran = Ask.command(try App.withOptions(command), Asking(closed: closed)) } catch { ran = Ask.usage(error) }
            return ran.conclude(App.printed(ran))
        }
        return 0
    }
}
