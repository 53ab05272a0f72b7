// The executable only parses argv, runs, and exits; everything testable lives in AlerttyKit.
import AlerttyKit

Platform.exit(App.main(Array(CommandLine.arguments.dropFirst()), calledAs: CommandLine.arguments.first ?? "alertty"))
