// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the product imports only the standard library and Glibc,
// so it starts in milliseconds and links statically (see scripts/install.sh).
// The product does not import _StringProcessing (Regex and the String searches built on it):
// linked in, it and the Unicode name tables it needs were a large share of the binary. Text is
// searched with the few helpers in Text/StringSearch.swift instead.
let lean: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]

let package = Package(
    name: "alertty",
    products: [
        .executable(name: "alertty", targets: ["alertty"]),
    ],
    targets: [
        .target(name: "AlerttyKit", swiftSettings: lean),
        .executableTarget(name: "alertty", dependencies: ["AlerttyKit"], swiftSettings: lean),
        // The snapshots are read from the source tree by path, not bundled.
        .testTarget(name: "AlerttyKitTests", dependencies: ["AlerttyKit"], exclude: ["Snapshots"]),
        // Depends on the executable so `swift test` builds the binary these tests run in a pseudo-terminal.
        .testTarget(name: "EndToEndTests", dependencies: ["alertty", "AlerttyKit"]),
    ]
)
