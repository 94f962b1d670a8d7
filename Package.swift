// swift-tools-version: 6.0
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

// The house (see Docs/architecture.md): arrows point down only, and no front end imports another.
//   checkout (executable) -> CheckoutCommands (option table, commands) -> the three front ends:
//     CheckoutTUI (the ncurses front end: terminal, key decoder, recorder tee),
//     CheckoutPlain (the line-by-line front end) and CheckoutDrive (JSON Lines), each -> CheckoutApp
//   CheckoutApp (the app core: screens, AppModel, the one loop, canvas, demo, bidi) -> NolPay, CheckoutEngine -> CheckoutCore
//   CheckoutStore (SQLite) is used by the engine, NolPay and the app; CNCursesW/CSQLite/CCurl/CFriBidi are system libraries
//   (CCurl without a link line: libcurl is opened with dlopen only when an HTTP request is made).
//   PrimerHeadlessCompat (the headless SDK's names, for library users) -> CheckoutEngine, NolPay (PrimerFoundation is
//   empty: SDK code imports it); CheckoutResources holds
//   Resources/, compiled in by the EmbedResources plugin.
// Each target's dependencies are exactly the modules its files import.
// A release build reaches each concrete type's metadata through its accessor function, not by
// demangling its name at run time (`-disable-concrete-type-metadata-mangled-name-accessors`): a name
// read at run time has its generic requirements checked again, and the first check of each
// (type, protocol) pair scans all 3,856 conformance records of the static binary, 0.13-0.23 M
// instructions apiece; 29 of them came before the first frame (3.7 M of its 12.7 M, callgrind;
// 9.0 M with the flag, Docs/figures.md). The binary is 70 KB larger. Each function also gets a
// section of its own (`-function-sections`; by default only public ones do, and a file's others
// share one `.text`), so the link order (below) can put the keys' code side by side. Release only:
// a debug build and the tests keep the compiler's defaults. The flags are unsafe in SwiftPM's sense,
// which a root package, a path or a branch dependency may use.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

// How the release `checkout` is linked, for the memory it keeps resident (Docs/figures.md): by lld,
// exporting none of its symbols (a dynamic symbol table the loader would read), with the functions
// a key runs side by side, those every frame runs first, then those only the start runs
// (scripts/bench/link_order.py writes the list: a key's code comes back into the caches and the TLB
// page by page after each pause, and the kernel maps code 64 KiB around each page touched), and its
// relocations packed (RELR) where the C library's
// loader reads them (glibc 2.36): a binary runs where it is built. Its DWARF is left out
// (`--strip-debug`; the symbol table stays, which is what perf, callgrind and the Swift runtime's
// backtracer name functions with): valgrind 3.19 (Debian 12's) gives up on the whole binary over the
// C targets' DWARF 5 line tables ("Possibly corrupted debuginfo file"), and no DWARF is ever loaded
// into memory, so resident memory is the same. The Swift runtime and FoundationEssentials are linked
// in statically (`-static-stdlib`; `_FoundationCollections` and `_FoundationCShims` are named since
// nothing autolinks them): the loader then binds no symbols of eleven Swift libraries at each start,
// 8.8 M of the 15.3 M instructions `checkout --version` ran (callgrind, Docs/figures.md). SQLite, ncursesw, tinfo,
// libstdc++ and GCC's unwinder (the last two for the static Swift runtime) are linked in from their archives too:
// `-L scripts/static-link` comes before the system directories, and each file there is a one-line linker script that
// answers `-lsqlite3` (and so on) with `libsqlite3.a`, so the loader maps libc, libm and FriBidi only and relocates none
// of the others (`--version` 4.8 M → 1.0 M instructions, first frame 19.3 M → 15.7 M). FriBidi stays a shared library:
// it is LGPL, and costs the loader 0.03 M. The module maps' `link` lines stay as they are: a debug build and every other
// package link the shared libraries. (A change to scripts/static-link, scripts/link or the link order takes a relink, which SwiftPM does not see: scripts/release-build.sh removes a binary older than them first.)
// `scripts/link/layout.ld` adds two output sections to lld's layout: the `.rodata` input sections
// Swift emits writable go after `.data`, so the output `.rodata` (strings, Unicode tables, 2.3 MB)
// stays read-only and its pages the start alone read can be given back (StartPages); the functions
// that have no symbol to order them by go together before `.text`. `-O0` is lld's, not the
// compiler's: it leaves string literals unmerged, so each object's strings stay together in input
// order (merged, lld spreads them by hash over one 540 KB section, and the few sentences a key
// shows faulted in most of it), at 85 KB more file. `-z max-page-size=65536` aligns the segments,
// and so where the kernel loads the program, to 64 KiB, the span the kernel maps around each page a
// program touches: the keys' code then falls into the same windows at every start, not into one
// more or fewer by where the load address cut them (after the keys 4.0–4.2 MB of the binary
// resident, unaligned 4.3–4.4; the address keeps 24 random bits of 28).
// A debug build keeps all of it. These linker flags are on this executable only; the libraries carry the
// release-only compiler settings at the top of this file.
let releaseLinking: [LinkerSetting] = {
    var flags = ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "--strip-debug",
                 "-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims",
                 "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/bench/link-order.txt",
                 "-Xlinker", "--no-warn-symbol-ordering", "-L", "\(Context.packageDirectory)/scripts/static-link",
                 "-Xlinker", "\(Context.packageDirectory)/scripts/link/layout.ld", "-Xlinker", "-O0",
                 "-Xlinker", "-z", "-Xlinker", "max-page-size=65536"]
    #if canImport(Glibc)
    var name = [UInt8](repeating: 0, count: 64)  // "glibc 2.36"
    _ = name.withUnsafeMutableBufferPointer { confstr(Int32(_CS_GNU_LIBC_VERSION), $0.baseAddress, $0.count) }
    let glibc = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "." }).compactMap { Int($0) }
    if glibc.count >= 2, !glibc.lexicographicallyPrecedes([2, 36]) { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    #endif
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
}()

let package = Package(
    name: "TerminalCheckout",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CheckoutCore", targets: ["CheckoutCore"]),
        .library(name: "CheckoutEngine", targets: ["CheckoutEngine"]),
        .library(name: "CheckoutStore", targets: ["CheckoutStore"]),
        .library(name: "NolPay", targets: ["NolPay"]),
        // The headless SDK's public names and signatures over the engine (Docs/library.md).
        .library(name: "PrimerHeadlessCompat", targets: ["PrimerHeadlessCompat"]),
        // Empty: so SDK code's `import PrimerFoundation` compiles beside PrimerHeadlessCompat.
        .library(name: "PrimerFoundation", targets: ["PrimerFoundation"]),
        .executable(name: "checkout", targets: ["checkout"]),
    ],
    targets: [
        // System libraries from Debian: a modulemap and a shim header each, nothing else.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        // libcurl is not linked: the engine's HTTP client opens it with dlopen on its first request.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // GNU FriBidi: the Unicode Bidirectional Algorithm and Arabic shaping for right-to-left text.
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi"),
        // Our own C: the async-signal-safe handler that puts the terminal back when a signal ends the process.
        .target(name: "CTerminalRestore", path: "Sources/CTerminalRestore"),

        // The data the program ships (network catalogue, BIN table, Nol demo cards, session defaults,
        // demo scripts), compiled in at build time from the files under Resources/ (see ResourceFiles.swift).
        .target(
            name: "CheckoutResources",
            path: "Resources",
            exclude: ["README.md", "data", "demo"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .executableTarget(name: "ResourceEmbedder", path: "Plugins/ResourceEmbedder", swiftSettings: swiftSettings),

        // Its `TextKey` is generated from Resources/data/strings/en.tsv by the same plugin (code, no file read).
        .target(name: "CheckoutCore", swiftSettings: swiftSettings, plugins: ["EmbedResources"]),
        .target(name: "CheckoutStore", dependencies: ["CSQLite", "CheckoutCore"], swiftSettings: swiftSettings),
        .target(
            name: "CheckoutEngine",
            dependencies: ["CCurl", "CheckoutCore", "CheckoutStore", "CheckoutResources"],
            swiftSettings: swiftSettings,
            // Its `ReadyData` (the catalogues and the JSON files the first frame needs, read at build time).
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "PrimerHeadlessCompat",
            dependencies: ["CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay"],
            swiftSettings: swiftSettings
        ),
        .target(name: "PrimerFoundation", swiftSettings: swiftSettings),
        .target(
            name: "NolPay",
            dependencies: ["CheckoutCore", "CheckoutStore", "CheckoutResources"],
            swiftSettings: swiftSettings
        ),
        // The app core both front ends draw: screens as state + update + view onto a canvas, AppModel,
        // the one loop (AppLoop on poll(2)), the engine recipe, settings, the demo, bidi.
        .target(
            name: "CheckoutApp",
            dependencies: ["CFriBidi", "CTerminalRestore", "CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CheckoutResources"],
            swiftSettings: swiftSettings
        ),
        // The ncurses front end: the terminal adapter, its key decoder, the keyboard and display of the
        // loop, the recording tee.
        .target(
            name: "CheckoutTUI",
            dependencies: ["CNCursesW", "CTerminalRestore", "CheckoutCore", "CheckoutEngine", "CheckoutStore", "CheckoutApp"],
            swiftSettings: swiftSettings
        ),
        // The plain, line-by-line front end: it prints what the screens ask and hands them the answers.
        .target(
            name: "CheckoutPlain",
            dependencies: ["CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CheckoutApp", "CTerminalRestore"],
            swiftSettings: swiftSettings
        ),
        // The JSON Lines front end (`checkout drive`): scripts hand it keys and read the screen model.
        .target(name: "CheckoutDrive", dependencies: ["CheckoutApp"], swiftSettings: swiftSettings),
        // The commands (their one option table, the help made from it, each command's logic), as a
        // library the tests can call; the executable only hands it the process's arguments.
        .target(
            name: "CheckoutCommands",
            dependencies: ["CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CheckoutApp", "CheckoutTUI", "CheckoutPlain", "CheckoutDrive"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "checkout", dependencies: ["CheckoutCommands"], swiftSettings: swiftSettings, linkerSettings: releaseLinking),

        // Shared by the test targets only: a manual clock, snapshot assertions, process helpers.
        .target(name: "CheckoutTestSupport", dependencies: ["CheckoutCore", "CheckoutEngine"], swiftSettings: swiftSettings),

        .testTarget(
            name: "CheckoutCoreTests",
            dependencies: ["CheckoutCore", "CheckoutResources", "CheckoutTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutStoreTests",
            dependencies: ["CheckoutStore", "CheckoutTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutEngineTests",
            dependencies: ["CheckoutEngine", "CheckoutCore", "CheckoutStore", "CheckoutTestSupport", "CheckoutResources"],
            exclude: ["Support/stub_bin_server.py", "Support/fake_primer_api.py", "Support/loopback.py"],
            swiftSettings: swiftSettings
        ),
        // Real sockets to the loopback fakes, so real time: the suite's only real-time bounds outside EndToEndTests.
        .testTarget(
            name: "LoopbackTests",
            dependencies: ["CheckoutEngine", "CheckoutCore", "CheckoutStore", "CheckoutTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NolPayTests",
            dependencies: ["NolPay", "CheckoutCore", "CheckoutStore", "CheckoutTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutAppTests",
            dependencies: ["CheckoutApp", "CheckoutTUI", "CheckoutPlain", "CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CNCursesW", "CheckoutTestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutPlainTests",
            dependencies: ["CheckoutPlain", "CheckoutApp", "CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CheckoutTestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutDriveTests",
            dependencies: ["CheckoutDrive", "CheckoutApp", "CheckoutCore", "CheckoutEngine", "CheckoutStore", "NolPay", "CheckoutTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutCommandsTests",
            dependencies: ["CheckoutCommands", "CheckoutCore", "CheckoutEngine", "CheckoutApp", "NolPay", "CheckoutTestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PrimerHeadlessCompatTests",
            dependencies: ["PrimerHeadlessCompat", "PrimerFoundation", "CheckoutEngine", "CheckoutCore", "CheckoutStore", "CheckoutTestSupport"],
            swiftSettings: swiftSettings
        ),
        // Drives the real `checkout` binary (JSON Lines, tmux); depending on it makes `swift test` build it.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["checkout", "CheckoutTestSupport", "CheckoutCore", "CheckoutStore"],
            swiftSettings: swiftSettings
        ),
    ]
)
