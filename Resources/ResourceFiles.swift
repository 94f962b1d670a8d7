import FoundationEssentials
import Glibc

/// Locates the data files that ship with `checkout` (`Resources/data/`) and its demo scripts
/// (`Resources/demo/`).
///
/// They are read where they are: in the directory named by `CHECKOUT_RESOURCES` when that variable
/// is set (it names the data folder; the demo folder is beside it), else in the source tree the
/// executable was built from, else beside the executable in `TerminalCheckout_CheckoutResources.resources/`
/// when an installation put them there and the source tree is gone. They are not a SwiftPM resource bundle: its
/// accessor is written with Foundation's `Bundle`, which would link Foundation and its ICU data
/// into `checkout` and cost milliseconds at every start (the program uses FoundationEssentials).
public enum ResourceFiles {
    /// The folder that holds `networks.json`, `bin-table.csv`, `nol-cards.csv` and `session.json`.
    public static var directory: URL { root.data }

    /// The folder of the shipped demo scripts (`Resources/demo/`), beside the data folder.
    public static var demoDirectory: URL { root.demo }

    /// The data and demo folders, found once.
    private static let root: (data: URL, demo: URL) = {
        if let override = getenv("CHECKOUT_RESOURCES").map({ String(cString: $0) }), !override.isEmpty {
            let data = URL(fileURLWithPath: override, isDirectory: true)
            return (data, data.deletingLastPathComponent().appendingPathComponent("demo"))
        }
        // Resources/ in the source tree the executable was built from; a copy beside the executable
        // only when that tree is gone (a folder left there by an older build would be stale).
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        if !isDirectory(folder.path + "/data"),
           let installed = executableDirectory().map({ $0 + "/TerminalCheckout_CheckoutResources.resources" }),
           isDirectory(installed + "/data") {
            folder = URL(fileURLWithPath: installed, isDirectory: true)
        }
        return (folder.appendingPathComponent("data", isDirectory: true), folder.appendingPathComponent("demo", isDirectory: true))
    }()

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.lastIndex(of: "/").map { String(path[..<$0]) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The URL of one shipped data file, such as `networks.json`.
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The bytes of one shipped data file.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// One shipped data file, parsed: the one way the program and its tests read `Resources/data`.
    ///
    /// A missing file or one `parse` rejects throws a ``BundledDataError`` naming the file, so a
    /// broken installation is reported in one line rather than crashing.
    ///
    ///     let cards = try ResourceFiles.load("nol-cards.csv") { try NolDemoCards.parse(String(decoding: $0, as: UTF8.self)) }
    public static func load<Value>(_ name: String, _ parse: (Data) throws -> Value) throws(BundledDataError) -> Value {
        let bytes: Data
        do { bytes = try data(name) } catch {
            throw BundledDataError(file: name, reason: "cannot be read from \(directory.path)")
        }
        do { return try parse(bytes) } catch {
            throw BundledDataError(file: name, reason: "\(error)")
        }
    }
}

/// A shipped data file that is missing or cannot be parsed.
public struct BundledDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
}
