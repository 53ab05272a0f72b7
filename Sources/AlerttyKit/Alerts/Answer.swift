// What a front end without a box (line mode, an answer from the environment, taking the default)
// hands an alert: a typed answer, not keys. The alert alone decides whether it is acceptable, by
// the same rules a person typing in the box meets; a refused answer leaves a reason in the
// alert's meaning.

public enum Answer: Equatable, Sendable {
    /// Enter on the prompt as it stands: the focused button, the field's value, the focused or
    /// marked items, the name in a save box or the folder shown — what the box would take.
    case current
    /// A question's Yes or No (a form's switch: on or off).
    case yes, no
    /// A field's whole text, then Enter.
    case text(String)
    /// A secret field's whole text as typed, then Enter: bytes, never a String (whose storage
    /// cannot be zeroed), zeroed by the alert that takes them, their last holder.
    case secret([UInt8])
    /// The value the prompt started with (`--value`, a form field's default), then Enter: a
    /// secret's preset is never shown, so a front end asks for it by this.
    case initial
    /// List items, 0-based, in any order (a form's choice field: the first).
    case items([Int])
    /// A button pressed by what it does (the extra or help one).
    case button(ButtonRole)
    /// The save and folder browser: open the shown entry at this index, or the parent.
    case open(Int)
    case parent
    /// The browser: go to this folder (absolute or relative), staying in the box.
    case go(String)
    /// The browser: this path is the answer (save: a file name or path; folder: a folder),
    /// checked like one typed in the box and then OK.
    case path(String)
    /// The browser: make this folder where it is (New Folder, named).
    case makeFolder(String)
    /// A pager: show the next page, or go to the end (where its question is, if it asks one).
    case nextPage, lastPage
}
