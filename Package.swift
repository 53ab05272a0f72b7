// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the product imports only the standard library and Glibc,
// so it starts in milliseconds and links statically (see scripts/install.sh).
let package = Package(
    name: "alertty",
    products: [
        .executable(name: "alertty", targets: ["alertty"]),
    ],
    targets: [
        .target(name: "AlerttyKit"),
        .executableTarget(name: "alertty", dependencies: ["AlerttyKit"]),
        // The snapshots are read from the source tree by path, not bundled.
        .testTarget(name: "AlerttyKitTests", dependencies: ["AlerttyKit"], exclude: ["Snapshots"]),
        // Depends on the executable so `swift test` builds the binary these tests run in a pseudo-terminal.
        .testTarget(name: "EndToEndTests", dependencies: ["alertty", "AlerttyKit"]),
    ]
)
