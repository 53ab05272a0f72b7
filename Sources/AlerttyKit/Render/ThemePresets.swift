// The built-in themes, written in the theme file format (`alertty --print-theme NAME` prints
// one as a file to start from).

public enum ThemePresets {
    public static let names = ["default", "light", "mono", "high-contrast", "whiptail", "dialog"]

    public static func text(_ name: String) -> String? {
        switch name {
        case "default": return defaultTheme
        case "light": return light
        case "mono": return mono
        case "high-contrast": return highContrast
        case "whiptail": return whiptail
        case "dialog": return dialog
        default: return nil
        }
    }

    static let defaultTheme = """
        # alertty's own look: a dark box over a shaded screen.
        backdrop        = on #121212 gradient
        box             = #dcdfe4 on #262930
        border          = #788296 on #262930
        title           = #ffffff on #262930 bold
        text            = #dcdfe4 on #262930
        muted           = #8c929e on #262930
        hint            = #8c929e on #262930
        field           = #f0f0f0 on #14161a underline
        field-focused   = #f0f0f0 on #14161a underline
        placeholder     = #6e7480 on #14161a dim underline
        button          = #dcdfe4 on #3c404a
        button-focused  = #ffffff on #286ec8 bold
        button-disabled = #646870 on #262930 dim
        row             = #dcdfe4 on #262930
        row-focused     = #ffffff on #286ec8
        mark            = #dcdfe4 on #262930
        match           = #ffc85a on #262930 bold underline
        error           = #ff786e on #262930
        gauge-fill      = #3c8ce6 on #262930
        gauge-empty     = #464b56 on #262930
        # Parts the default leaves to others, with a look to start from (uncomment to set):
        # border2              = #788296 on #262930  # else the border's
        # button-label         = #dcdfe4 on #3c404a  # else the button's
        # button-key           = #ffffff on #3c404a underline  # else the label's
        # button-focused-label = #ffffff on #286ec8 bold  # else the focused button's
        # button-focused-key   = #ffffff on #286ec8 bold  # else the focused label's
        # row-current          = #dcdfe4 on #3c404a  # else the row's, bold and underlined
        # shadow               = on #000000  # else none
        # backtitle            = #ffffff on #121212 bold  # else the title's
        # frame                = #788296 on #262930  # a list's frame (top, left), else the border's
        # frame2               = #788296 on #262930  # its bottom and right, else border2's
        # field-frame          = #788296 on #262930  # a field's frame, else a list's
        # field-frame2         = #788296 on #262930  # its bottom and right, else frame2's
        # list                 = #dcdfe4 on #262930  # inside a list's frame, else the box's
        # tag                  = #ffffff on #262930 bold  # a leading tag (--tags-lead), else the row's
        # tag-key              = #ffc85a on #262930 bold  # its first letter, else the tag's
        # tag-focused          = #ffffff on #286ec8 bold  # on the current row, else the row's
        # tag-focused-key      = #ffc85a on #286ec8 bold  # its first letter there, else tag-focused's
        # mark-focused         = #ffffff on #286ec8 bold  # the current row's mark, else the row's
        # scroll-up            = #8c929e bold  # a framed list's ↑(-) on its frame, else the hint's
        # scroll-down          = #8c929e bold  # its ↓(+), else the hint's

        """

    /// The default's light sibling, taken by itself on a terminal with a light background (it
    /// says so, or COLORFGBG does) when no theme is set.
    static let light = """
        # alertty's own look on a light background: a light box over a shaded screen.
        backdrop        = on #d4d6da gradient
        box             = #1f2329 on #f7f8fa
        border          = #6a7284 on #f7f8fa
        title           = #000000 on #f7f8fa bold
        text            = #1f2329 on #f7f8fa
        muted           = #5a606b on #f7f8fa
        hint            = #5a606b on #f7f8fa
        field           = #101214 on #e3e6eb underline
        field-focused   = #101214 on #e3e6eb underline
        placeholder     = #5f6570 on #e3e6eb dim underline
        button          = #1f2329 on #dfe2e8
        button-focused  = #ffffff on #1d5fb4 bold
        button-disabled = #8b909a on #f7f8fa dim
        row             = #1f2329 on #f7f8fa
        row-focused     = #ffffff on #1d5fb4
        mark            = #1f2329 on #f7f8fa
        match           = #8a4b00 on #f7f8fa bold underline
        error           = #b0261c on #f7f8fa
        gauge-fill      = #1d6bd0 on #f7f8fa
        gauge-empty     = #c8cdd6 on #f7f8fa
        # shadow               = on #9aa0aa  # else none

        """

    static let mono = """
        # Attributes only, no colour: focus is reverse, the field underlined, muted text dim.
        # A part takes attributes here (title = bold); colours are ignored, and so is a shadow,
        # which is a colour: mono draws none.
        color = no

        """

    /// Every text on its background at 7:1 or more (WCAG AAA), in 24-bit, 256 and 16 colours.
    static let highContrast = """
        # Black and white, with yellow and cyan for what has the focus: every pair at least 7:1.
        backdrop        = on #000000
        box             = #ffffff on #000000
        border          = #ffffff on #000000
        title           = #ffffff on #000000 bold underline
        text            = #ffffff on #000000
        muted           = #00ffff on #000000
        hint            = #00ffff on #000000
        field           = #ffffff on #000000 underline
        field-focused   = #ffff00 on #000000 underline
        placeholder     = #c0c0c0 on #000000 underline
        button          = #ffffff on #000000 bold
        button-focused  = #000000 on #ffff00 bold
        button-disabled = #a0a0a0 on #000000
        row             = #ffffff on #000000
        row-focused     = #000000 on #ffff00
        mark            = #ffff00 on #000000 bold
        match           = #ffff00 on #000000 bold underline
        error           = #ffff00 on #000000 bold reverse
        gauge-fill      = #00ffff on #000000
        gauge-empty     = #a0a0a0 on #000000
        shadow          = on #000000

        """

    /// newt's default palette (whiptail's look): a blue screen, a grey window, red title and buttons.
    static let whiptail = """
        # whiptail's classic look (newt's default palette).
        backdrop        = white on blue
        box             = black on white
        border          = black on white
        title           = red on white
        text            = black on white
        muted           = blue on white
        hint            = blue on white
        field           = white on blue
        field-focused   = white on blue
        placeholder     = blue on white
        button          = black on white
        button-focused  = white on red
        button-disabled = blue on white
        row             = black on white
        row-focused     = white on red
        row-current     = white on blue
        mark            = white on blue
        mark-focused    = white on red
        match           = red on white bold
        error           = red on white bold
        gauge-fill      = red on white
        gauge-empty     = blue on blue
        shadow          = on black
        backtitle       = white on blue

        """

    /// dialog's built-in colours, as `dialog --create-rc` writes them (HL ON is bold).
    static let dialog = """
        # dialog's classic look (its built-in colours, as dialog --create-rc writes them).
        backdrop        = cyan on blue
        box             = black on white
        border          = white on white bold
        border2         = black on white
        title           = blue on white bold
        text            = black on white
        muted           = blue on white
        hint            = blue on white bold
        field           = black on white
        field-focused   = black on white
        placeholder     = blue on white
        button          = black on white
        button-focused  = white on blue bold
        button-disabled = blue on white
        button-label    = black on white bold
        button-key      = red on white
        button-focused-label = yellow on blue bold
        button-focused-key   = white on blue bold
        row             = black on white
        row-focused     = white on blue bold
        row-current     = white on blue bold
        mark            = black on white
        match           = red on white bold
        error           = red on white bold
        gauge-fill      = blue on white bold
        gauge-empty     = white on white
        shadow          = on black
        backtitle       = cyan on blue bold
        frame           = black on white
        frame2          = white on white bold
        field-frame     = black on white
        field-frame2    = white on white bold
        list            = black on white
        tag             = blue on white bold
        tag-key         = red on white
        tag-focused     = yellow on blue bold
        tag-focused-key = red on blue bold
        mark-focused    = white on blue bold
        scroll-up       = green on white bold
        scroll-down     = green on white bold

        """
}
