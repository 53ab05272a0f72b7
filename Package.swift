// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the product imports only the standard library and Glibc,
// so it starts in milliseconds and links statically (see scripts/install.sh).
// The product does not import _StringProcessing (Regex and the String searches built on it):
// linked in, it and the Unicode name tables it needs were a large share of the binary. Text is
// searched with the few helpers in Text/StringSearch.swift instead.
//
// Generic types are instantiated through their metadata accessors, not from mangled names. From a
// mangled name the runtime demangles the type and checks its generic requirements, and each
// check (a Dictionary keyed by our own enum needs its Hashable) scans every conformance record in
// the binary: together a quarter of a small alert's startup. The accessors cost ~30 KB of code.
//
// Release builds on Linux put each function in a section of its own and link them in the order
// scripts/startup-order.txt gives: the functions a small alert runs, together. A static binary's
// code is mapped 64 KB around each page it runs, so spread over 6 MB of text a confirm box kept
// 6 MB resident; laid out together, about 4.5 MB (see scripts/startup-order, which writes the file).
// They optimise for size: 0.3 MB less binary and 0.6 MB less resident for a small alert, with the
// list's figures unchanged (scripts/bench, side by side): its hot loops are simple enough that
// -Osize compiles them as -O does.
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let lean: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import",
                                           "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
                            .unsafeFlags(["-Xfrontend", "-function-sections", "-Osize"], releaseOnLinux)]
// The standard library's functions are all marked "retain", so --gc-sections keeps every one.
// scripts/lean-stdlib writes its object without that mark; named by ALERTTY_STDLIB_OBJECT (as
// scripts/install.sh and scripts/package do), it links ahead of libswiftCore.a and the linker
// drops what nothing calls: about 0.9 MB of the binary.
let leanStdlib = Context.environment["ALERTTY_STDLIB_OBJECT"].flatMap { $0.isEmpty ? nil : [$0] } ?? []
let startupOrder: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/scripts/startup-order.txt"] + leanStdlib,
                 releaseOnLinux),
]

let package = Package(
    name: "alertty",
    products: [
        .executable(name: "alertty", targets: ["alertty"]),
    ],
    targets: [
        .target(name: "AlerttyKit", swiftSettings: lean),
        .executableTarget(name: "alertty", dependencies: ["AlerttyKit"], swiftSettings: lean, linkerSettings: startupOrder),
        // The snapshots are read from the source tree by path, not bundled.
        .testTarget(name: "AlerttyKitTests", dependencies: ["AlerttyKit"], exclude: ["Snapshots"]),
        // Depends on the executable so `swift test` builds the binary these tests run in a pseudo-terminal.
        .testTarget(name: "EndToEndTests", dependencies: ["alertty", "AlerttyKit"]),
    ]
)
