// What an alert asks, in words rather than cells: the question, its choices and default, its
// field and the current reason it is refused, its list. The box draws cells; a line-mode front
// end (dumb terminals, serial consoles, screen readers) asks the same question from this, and
// hands the answer back to the same alert value, which alone decides what is valid.

public enum AlertMeaning: Equatable, Sendable {
    /// Something to read, acknowledged with one button.
    case message(Message)
    /// A yes/no question.
    case question(Question)
    /// One line of text, maybe secret, with the reason it is refused (if it is).
    case field(Field)
    /// A folder browser: where it is, what is there, what Save or Choose would return.
    case browser(BrowserView)
    /// A list to choose one or several items from.
    case list(Choice)
    /// Work going on: how far (nil: unknown), what is being done.
    case progress(Progress)
    /// Something long to read a page at a time (a file, a licence), maybe acknowledged with a
    /// yes or no at its end.
    case document(Document)

    public struct Document: Equatable, Sendable {
        public var title: String
        /// The lines of the page shown now, and where the page starts (a new page is a new prompt).
        public var page: [String]
        public var pageStart: Int
        public var percent: Int
        public var atEnd: Bool
        public var ok: String
        /// With a Cancel button (--cancel: a licence to agree to), the end asks yes or no.
        public var cancel: String?
        /// Lines are still arriving (stdin, --follow).
        public var loading: Bool
        public var notice: String?
    }

    public struct Progress: Equatable, Sendable {
        public var title: String
        public var text: String
        public var percent: Double?
        public var lastLine: String
        /// Each step as `name: state`.
        public var steps: [String] = []
    }

    public struct Choice: Equatable, Sendable {
        public var title: String
        public var text: String
        /// Each item as it is shown: control characters made visible, a long one cut.
        public var labels: ItemTexts
        /// Each item's tag ("" without one).
        public var tags: ItemTexts
        /// Each item's own text, exactly (what a script names it by; never shown).
        public var names: ItemTexts
        /// The focused item, if any.
        public var focused: Int?
        public var multi: Bool
        public var minimum: Int
        public var maximum: Int?
        /// Items marked so far (check lists), 0-based.
        public var marked: [Int]
        public var reason: String?
        /// The item Enter takes before anything is chosen (--selected, a radio list's choice, a
        /// form's choice), if the prompt has one a script could rely on.
        public var defaultItem: Int? = nil
        /// A form's field name (ALERTTY_ANSWER_<ID>_<NAME>), nil for the prompt itself.
        public var name: String? = nil
        /// Items are still arriving (--items-from): the list is not complete yet.
        public var loading = false
        /// The input went over the item limits: the list holds what came first (the box says
        /// "input cut short").
        public var cut = false
        /// A line shown under it (a form choice's --hint).
        public var hint: String? = nil
    }

    public struct Message: Equatable, Sendable {
        public var title: String
        public var text: String
        public var ok: String
        /// Its words are the ending's report (a failed step under progress): the box shows it and
        /// waits for OK; line mode and a script take it at once and say the report as they end.
        public var reported = false
    }

    public struct Question: Equatable, Sendable {
        public var title: String
        public var text: String
        public var yes: String
        public var no: String
        public var defaultYes: Bool
        /// The default when it is neither Yes nor No (a confirm's extra or help button): its label.
        /// Taking the default presses the focused button then.
        public var defaultButton: String? = nil
        /// A form's field name (ALERTTY_ANSWER_<ID>_<NAME>), nil for the prompt itself.
        public var name: String? = nil
        /// A line shown under it (a form switch's --hint).
        public var hint: String? = nil
    }

    public struct Field: Equatable, Sendable {
        public var title: String
        public var text: String
        /// "Enter it:" / "Retype to confirm:" while a secret is asked twice.
        public var label: String?
        public var secret: Bool
        public var placeholder: String
        /// Why the current answer is refused, if it is.
        public var reason: String?
        /// A check is still running on the current answer.
        public var checking: Bool
        /// The value it starts with, shown and taken by Enter on an empty line (never a secret's).
        public var preset: String? = nil
        /// A secret starts with a value (not shown): Enter on an empty line keeps it.
        public var presetSecret = false
        /// A form's field name (ALERTTY_ANSWER_<ID>_<NAME>), nil for the prompt itself.
        public var name: String? = nil
        /// Several lines (edit): line mode reads lines up to one holding only `.`.
        public var multiline = false
        /// A second entry of a form's field of this name (--confirm): without a person it is
        /// answered as that field was.
        public var confirms: String? = nil
        /// The reason refuses what was given (an answer, an edit, entries that do not match), as
        /// opposed to a rule's hint before anything was given: said when the prompt comes back.
        public var refused = false
        /// A line shown under the field (a form field's --hint).
        public var hint: String? = nil
    }

    public struct BrowserView: Equatable, Sendable {
        public var title: String
        public var text: String
        public var current: PathBytes
        public var atRoot: Bool
        /// Entries shown, in order, with whether each opens like a folder.
        public var entries: [(name: PathBytes, folder: Bool)]
        public var choosesFolder: Bool
        public var notice: String?
        /// The name Save would take (--name, or one typed): Enter on an empty line takes it.
        public var name: String = ""
        /// `open`: existing entries are chosen (a number chooses a file, or marks it with `multi`).
        public var opens = false
        public var multi = false
        /// `open --multi`: the paths marked so far, anywhere below the root.
        public var marked: [PathBytes] = []
        /// `open --recursive`: the tree is still being read.
        public var loading = false

        public static func == (a: BrowserView, b: BrowserView) -> Bool {
            a.title == b.title && a.text == b.text && a.current == b.current && a.atRoot == b.atRoot
                && a.choosesFolder == b.choosesFolder && a.notice == b.notice && a.name == b.name
            && a.opens == b.opens && a.multi == b.multi && a.marked == b.marked && a.loading == b.loading
                && a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.folder) == b.entries.map(\.folder)
        }
    }
}

/// The texts of a list's items, made as they are read: a list of a million items is not copied
/// into a million strings each time its meaning is asked (a script's answer waits for the whole
/// list; line mode shows a page).
public struct ItemTexts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    public let count: Int
    private let text: @Sendable (Int) -> String

    public init(count: Int, _ text: @escaping @Sendable (Int) -> String) {
        self.count = count
        self.text = text
    }
    public init(_ texts: [String]) { self.init(count: texts.count) { texts[$0] } }
    public init(arrayLiteral texts: String...) { self.init(texts) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(i: Int) -> String { text(i) }

    public static func == (a: ItemTexts, b: ItemTexts) -> Bool { a.count == b.count && a.elementsEqual(b) }
}
