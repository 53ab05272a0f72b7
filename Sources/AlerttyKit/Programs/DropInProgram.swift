// alertty as whiptail or dialog: the command line read by that program's rules (Compat), its
// probes answered, each box asked as the alert that does its job, and the answer printed as that
// program prints it (stderr, or --output-fd, quoted its way), with its exit statuses.

struct DropInProgram: Program {
    let program: Compat.Program

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        var arguments = arguments
        if program != .whiptail {
            switch Compat.expandingFiles(arguments) {
            case .success(let expanded): arguments = expanded
            case .failure(let failure): return said(failure)
            }
        }
        if program != .whiptail, arguments.first == "--create-rc", arguments.count > 1 {
            // dialog's --create-rc FILE: the configuration file, written and done.
            guard Platform.writeFile(arguments[1], Array(CompatTheme.dialogrcTemplate.utf8)) else {
                Platform.writeError("\nError opening file for writing in dlg_create_rc().\n") // dialog starts it on a new line
                return 255
            }
            return 0
        }
        if let lines = Compat.probe(program, arguments, terminalSize: Compat.terminalSize) {
            for line in lines { _ = Platform.writeAll(line.fd, Array(line.text.utf8)) }
            return 0
        }
        let environment = program != .dialog ? [] : Compat.environmentOptions(Platform.environment("DIALOGOPTS"))
        switch Compat.translateChain(program, arguments, environmentOptions: environment) {
        case .success(let chain): return run(chain, closed: closed)
        case .failure(let failure): return said(failure)
        }
    }

    /// A usage error in the program's own words; still nothing in it reaches the terminal as a control.
    private func said(_ failure: Compat.Failure) -> Int32 {
        Platform.writeError(Sanitize.lines(failure.message).joined(separator: "\n"))
        return failure.status
    }

    /// The box, or dialog's --and-widget boxes in turn. Each answer is printed after the separator
    /// once an earlier box printed one; the first box that does not end with OK ends the chain
    /// with its status.
    func run(_ chain: Compat.Chain, closed: Set<FileDescriptor>) -> Int32 {
        var status: Int32 = 0
        // Boxes so far that may print an answer (dialog's output count): from the second on,
        // an answer is written after the chain's separator.
        var outputs = 0
        var last: Compat.Output?
        // dialog's --tailboxbg boxes: drawn behind every box after them.
        var behind: [Layered.Layer] = []
        var keep = false
        for box in chain.boxes {
            // After --and-widget the chain goes on unless Esc ended the box before; a box that
            // simply follows another runs only after OK (dialog's rules).
            if let last, box.afterAndWidget ? status == last.escape : status != last.ok { break }
            if let failure = box.failure { return said(failure) }
            var output = box.output
            if !box.printedFirst.isEmpty { _ = Platform.writeAll(output.descriptor, box.printedFirst) }
            if let background = box.background {
                guard let layer = Self.layer(background) else {
                    App.report("cannot open \(background.path)")
                    return output.error
                }
                behind.append(layer)
                keep = keep || background.keep
                status = output.ok
                continue
            }
            if ![.message, .confirm, .progress, .text].contains(box.command.alert) {
                outputs += 1
                if outputs > 1 { output.before = chain.separator }
            }
            last = output
            let ran: Ran
            do {
                let command = try App.withOptions(box.command)
                if box.drawOnce {
                    ran = Self.once(command, output: output, behind: behind)
                } else {
                    ran = Ask.command(command, Asking(theme: output.theme, answerDescriptor: output.descriptor, closed: closed, behind: behind,
                                                      frontFollows: box.followsItself))
                }
            } catch {
                ran = Ask.usage(error)
            }
            status = ran.conclude(Self.deliver(ran, output))
            behind.removeAll { $0.closed.value } // closed by a person (Tab to it, then Enter or Esc)
            if box.sleep > 0 { Platform.pauseWithoutEcho(seconds: box.sleep, tty: box.command.string(.tty) ?? "/dev/tty") }
        }
        // Without --no-kill the background boxes end with the chain, as dialog's do. With it, the
        // boxes still showing are left to a process of their own and dialog ends with OK, whatever
        // the last box answered (its error status if that process could not be made).
        if keep, !behind.isEmpty, let last = chain.boxes.last(where: { $0.background != nil }) {
            let alternate = last.background?.alternateScreen ?? false
            return Self.keepShowing(behind, theme: last.output.theme, alternateScreen: alternate) ? last.output.ok : last.output.error
        }
        return status
    }

    /// whiptail's and dialog's infobox, and dialog's mixedgauge: drawn once and left on the
    /// screen; the script goes on at once.
    static func once(_ command: ParsedCommand, output: Compat.Output, behind: [Layered.Layer]) -> Ran {
        let box: any Alert
        if command.alert == .progress {
            // dialog's mixedgauge: the steps and the overall percentage, drawn once.
            var configuration = ProgressConfiguration()
            configuration.initialPercent = command.int(.percent).map(Double.init)
            configuration.steps = (try? ProgressAlert.tasks(command)) ?? []
            box = ProgressAlert(title: command.string(.title) ?? "", text: command.text ?? "", configuration: configuration)
        } else {
            box = MessageAlert(title: command.string(.title) ?? "", text: command.text ?? "", okLabel: "")
        }
        var options = RunOptions()
        try? Ask.look(command, Asking(theme: output.theme), Platform.environment, &options)
        return Ask.show(box, mode: .once, tty: command.string(.tty) ?? "/dev/tty", options: options, behind: behind)
    }

    /// A --tailboxbg box's view of its file (checked readable when the command line was read).
    static func layer(_ background: Compat.Background) -> Layered.Layer? {
        guard let fd = try? Platform.openForReadingAtOnce(background.path) else { return nil }
        guard case .regular(let size)? = Platform.kind(of: fd) else {
            Platform.close(fd)
            return nil
        }
        return Layered.Layer(view: TailView(title: background.title, document: FileDocument(fd: fd, size: size)),
                             width: background.width, height: background.height, begin: background.begin)
    }

    /// dialog's --no-kill: a process of its own keeps the background boxes on the screen,
    /// following their files, until it is killed (SIGHUP, SIGINT, SIGTERM: it dies of them);
    /// its pid goes to stderr, as dialog prints it, for the script to kill it by.
    static func keepShowing(_ layers: [Layered.Layer], theme: ThemeFile?, alternateScreen: Bool) -> Bool {
        guard let front = layers.last, let pid = Platform.forkProcess() else { return false }
        guard pid == 0 else {
            Platform.writeAll(2, Array("\(pid)\n".utf8))
            return true
        }
        var options = RunOptions()
        options.colors = ColorMode.detect(choice: .auto, environment: Platform.environment)
        options.unicode = Theme.localeIsUTF8(environment: Platform.environment)
        options.theme = theme
        options.width = front.width
        options.height = front.height
        options.margin = 1
        let ran = Ask.show(front.view, mode: .showing(onAlternateScreen: alternateScreen), tty: "/dev/tty", options: options,
                           behind: Array(layers.dropLast()), following: [front.view.document])
        Platform.exit(ran.conclude(0))
    }

    /// The answer printed as the program prints it (no newline but its own; its quoting; after the
    /// chain's separator), and the status to exit with, by the program's table.
    static func deliver(_ ran: Ran, _ output: Compat.Output) -> Int32 {
        guard case .ended(let outcome, _, _) = ran else {
            // alertty's own failures are the program's error status (there 2 and 3 mean Help and Extra).
            if case .notRun = ran { return 127 }
            return output.error
        }
        // dialog's own endings of a box with boxes following files: with the last background box
        // closed its wait for a key fails (its error, which DIALOG_ERROR maps); a tailbox ended as
        // a follower is its "unknown" 254, which nothing maps.
        switch outcome.exitCode {
        case Layered.noFollowerLeft?: return output.error
        case Layered.endedAsFollower?: return Layered.endedAsFollower
        default: break
        }
        // The alert's own answer is gone once delivered, whatever copies the formatting made.
        defer {
            outcome.answer?.wipeStorage()
            for item in (outcome.items ?? []) + (outcome.state ?? []) { item.wipeStorage() }
        }
        var status: Int32?
        if outcome.answer != nil {
            var answer = Compat.answer(outcome, output)
            // dialog writes the separator before the answer of every box that answers, empty or not.
            if !outcome.pressedEsc && [.ok, .extra, .help].contains(outcome.status) { answer = output.before + answer }
            defer { answer.resetBytes() }
            if !Platform.writeAll(output.descriptor, answer) {
                App.report("could not write the answer")
                status = output.error
            }
        }
        let mapped = status ?? {
            if outcome.pressedEsc { return output.escape }
            switch outcome.status {
            case .ok: return output.ok
            case .cancel: return output.cancel
            case .timeout: return output.timeout
            case .help: return output.help
            case .extra: return output.extra
            default: return outcome.status.rawValue
            }
        }()
        // A command's own exit status (progress) where the table left alertty's own.
        if let code = outcome.exitCode, mapped == outcome.status.rawValue { return code }
        return mapped
    }
}
