// tmux as a host: a question is drawn in a popup over the person's client — the pane's own
// server when the job runs in tmux, else the user's server's most recently used client (as
// `Popup.place` finds it). A job waiting for a client sleeps on the server's socket folder.

struct TmuxHost: Host {
    var name: String { "tmux" }

    func place(_ command: ParsedCommand, terminal: Bool, environment: (String) -> String?) -> Popup.Place {
        Popup.place(command, terminal: terminal, environment: environment)
    }

    func arrivals(_ command: ParsedCommand, environment: (String) -> String?) -> Platform.FolderWatch? {
        Popup.clientWatch(command, environment: environment)
    }
}

/// A tmux client: the question is shown in a popup over it (`Popup.ask`).
extension Popup.Tmux: HostPlace {
    func show(_ showing: Popup.Showing) -> Popup.Shown {
        Popup.ask(showing, at: self)
    }
}
