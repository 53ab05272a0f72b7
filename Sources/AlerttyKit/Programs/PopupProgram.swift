// The alertty a popup runs (ALERTTY_POPUP_DIR names its private folder): it asks on its own
// terminal what its caller sends through that folder, and sends back what came of it.

struct PopupProgram: Program {
    let folder: String

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        Popup.serve(folder)
    }
}
