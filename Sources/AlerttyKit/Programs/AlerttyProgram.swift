// alertty's own command line: an alert with its flags, or --help, --version, --generate and
// --print-theme. The answer goes to stdout; the status is alertty's.

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
        case .run(let command):
            let ran: Ran
            do { ran = Ask.command(try App.withOptions(command), Asking(closed: closed)) } catch { ran = Ask.usage(error) }
            return ran.conclude(App.printed(ran))
        }
        return 0
    }
}
