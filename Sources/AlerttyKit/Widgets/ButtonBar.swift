// Which buttons a box has and how the focus moves among them, in dialog's order: OK, Extra,
// Cancel, Help. ButtonRow draws them; the alert decides which are enabled and what each does.

/// What pressing a button means. OK and Cancel are every box's; Extra (--extra-button) answers as
/// OK does but exits 5, Help (--help-button) exits 6 (dialog's 3 and 2 in dialog mode).
public enum ButtonRole: Int, CaseIterable, Equatable, Sendable {
    case ok, extra, cancel, help

    /// OK and Extra hand the answer over, so they are usable only while it is valid.
    public var answers: Bool { self == .ok || self == .extra }

    /// The exit status a press of this button ends with.
    public var status: ExitStatus {
        switch self {
        case .ok: return .ok
        case .extra: return .extra
        case .cancel: return .cancel
        case .help: return .help
        }
    }
}

public struct ButtonBar: Equatable, Sendable {
    /// The buttons present, in drawing order, with their labels.
    public private(set) var roles: [ButtonRole]
    private var labels: [String]

    public init(ok: String, cancel: String?, extra: String? = nil, help: String? = nil) {
        let all: [(ButtonRole, String?)] = [(.ok, ok), (.extra, extra), (.cancel, cancel), (.help, help)]
        roles = all.compactMap { $0.1 == nil ? nil : $0.0 }
        labels = all.compactMap { $0.1 }
    }

    public func has(_ role: ButtonRole) -> Bool { roles.contains(role) }

    public func label(_ role: ButtonRole) -> String? { roles.firstIndex(of: role).map { labels[$0] } }

    /// The buttons to draw. `enabled` greys out a role (OK and Extra while the answer is invalid);
    /// `suffix` adds text to one (the --on-timeout countdown).
    public func buttons(enabled: (ButtonRole) -> Bool = { _ in true }, pending: ButtonRole? = nil,
                        suffix: (role: ButtonRole, text: String)? = nil) -> [Button] {
        zip(roles, labels).map { role, label in
            Button(label + (suffix?.role == role ? suffix!.text : ""), enabled: enabled(role), pending: pending == role)
        }
    }

    /// The button a typed letter presses (the first letter of its label, any case), as dialog's
    /// buttons answer theirs.
    public func role(forKey key: Character) -> ButtonRole? {
        let k = key.lowercased()
        return zip(roles, labels).first { $0.1.first?.lowercased() == k }?.0
    }

    /// The index drawn focused for `role`, if it is present.
    public func index(of role: ButtonRole?) -> Int? { role.flatMap { roles.firstIndex(of: $0) } }

    /// The role of the button at `index` (from ButtonRow.hit).
    public func role(at index: Int) -> ButtonRole { roles[index] }

    /// The next focusable button after `role` going `step` (±1), not wrapping; nil past either end.
    public func neighbour(of role: ButtonRole, step: Int, focusable: (ButtonRole) -> Bool = { _ in true }) -> ButtonRole? {
        guard var i = roles.firstIndex(of: role) else { return nil }
        while true {
            i += step
            guard roles.indices.contains(i) else { return nil }
            if focusable(roles[i]) { return roles[i] }
        }
    }

    /// The next focusable button after `role` going `step` (±1), wrapping round; `role` itself when no other is.
    public func cycling(from role: ButtonRole, step: Int, focusable: (ButtonRole) -> Bool = { _ in true }) -> ButtonRole {
        let order = roles.filter { $0 == role || focusable($0) }
        guard let i = order.firstIndex(of: role) else { return order.first ?? role }
        return order[(i + step + order.count) % order.count]
    }

    /// The focusable buttons in order (a Tab cycle visits them after the box's own controls).
    public func focusable(_ isFocusable: (ButtonRole) -> Bool) -> [ButtonRole] { roles.filter(isFocusable) }
}
