import FoundationEssentials
import Glibc

/// The data files that ship with `checkout` (`Resources/data/`) and its demo scripts
/// (`Resources/demo/`), compiled into every binary that links this module.
///
/// The `EmbedResources` build-tool plugin turns those files into string literals at build time,
/// so a program built against the library carries them without the source tree, a resource bundle
/// or an install step (a SwiftPM resource bundle would also be found through Foundation's `Bundle`,
/// linking Foundation and its ICU data into `checkout`, which uses FoundationEssentials). The files
/// stay the one place the data is edited: the next build picks a change up.
///
/// When `CHECKOUT_RESOURCES` names a folder, files are read from it instead (it stands for `data/`;
/// the demo files are in `demo/` beside it), to try other data without rebuilding.
public enum ResourceFiles {
    /// The folder `CHECKOUT_RESOURCES` names, read once; nil when the compiled-in files are used.
    public static let overrideDirectory: URL? = {
        guard let value = getenv("CHECKOUT_RESOURCES").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return URL(fileURLWithPath: value, isDirectory: true)
    }()

    /// The bytes of one shipped data file, such as `networks.json` or `strings/fr.tsv`.
    public static func data(_ name: String) throws(BundledDataError) -> Data {
        try file("data", name)
    }

    /// The bytes of one shipped demo file (a script such as `cobadge.demo`, or a session it loads).
    public static func demoData(_ name: String) throws(BundledDataError) -> Data {
        try file("demo", name)
    }

    /// One shipped data file, parsed: the one way the program and its tests read `Resources/data`.
    ///
    /// A missing file or one `parse` rejects throws a ``BundledDataError`` naming the file, so a
    /// broken installation is reported in one line rather than crashing.
    ///
    ///     let cards = try ResourceFiles.load("nol-cards.csv") { try NolDemoCards.parse(String(decoding: $0, as: UTF8.self)) }
    public static func load<Value>(_ name: String, _ parse: (Data) throws -> Value) throws(BundledDataError) -> Value {
        let bytes = try data(name)
        do { return try parse(bytes) } catch {
            throw BundledDataError(file: name, reason: "\(error)")
        }
    }

    private static func file(_ folder: String, _ name: String) throws(BundledDataError) -> Data {
        if let overrideDirectory {
            let directory = folder == "data" ? overrideDirectory : overrideDirectory.deletingLastPathComponent().appendingPathComponent(folder)
            // Only a regular file is read: a FIFO would hang the start (or give nothing), a
            // directory or a device is no data file (a link to a file is followed).
            var info = stat()
            if stat(directory.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                let kind = switch info.st_mode & S_IFMT {
                case S_IFIFO: "a FIFO (named pipe)"
                case S_IFDIR: "a directory"
                case S_IFCHR: "a character device"
                case S_IFSOCK: "a socket"
                default: "not a file"
                }
                throw BundledDataError(file: name, reason: "in \(directory.path) (CHECKOUT_RESOURCES) is \(kind), not a regular file")
            }
            do { return try Data(contentsOf: directory.appendingPathComponent(name)) } catch {
                throw BundledDataError(file: name, reason: "cannot be read from \(directory.path) (CHECKOUT_RESOURCES)")
            }
        }
        guard let text = embeddedText(folder + "/" + name) else {
            throw BundledDataError(file: name, reason: "is not one of the files built into the program (Resources/\(folder))")
        }
        return text.withUTF8Buffer { Data($0) }
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
