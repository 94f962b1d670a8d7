import CheckoutCore
import CheckoutResources
import FoundationEssentials

/// The data `checkout` ships in `Resources/data`, read once and kept: the network catalogue, the
/// embedded BIN table and the session defaults.
///
/// Each accessor throws a ``BundledDataError`` naming the file when it is missing or broken, so the
/// executable can say so in one line rather than crash. Files are read with
/// `ResourceFiles.load`, which the Nol demo cards use too; the ones the first frame needs
/// (`networks.json`, `session.json`, `locales.json`, the catalogues) were read at build time
/// (``ReadyData``) and are built from those constants unless `CHECKOUT_RESOURCES` names other files.
public enum Bundled {
    private static let loadedCatalogue = Result { () throws(BundledDataError) -> NetworkCatalogue in
        try ready("networks.json", NetworkCatalogue.init(json:)) { try NetworkCatalogue(json: $0) }
    }
    private static let loadedBinTable = Result { () throws(BundledDataError) -> BinTable in
        try ResourceFiles.load("bin-table.csv") { try BinTable(csv: String(decoding: $0, as: UTF8.self)) }
    }
    private static let loadedSession = Result { () throws(BundledDataError) -> ClientSession in
        try ready("session.json", ClientSession.init(json:)) { try ClientSession(json: $0) }
    }
    private static let loadedTestCards = Result { () throws(BundledDataError) -> TestCards in
        try ResourceFiles.load("test-cards.json") { try TestCards(json: $0) }
    }

    /// The network catalogue (`networks.json`).
    public static func catalogue() throws(BundledDataError) -> NetworkCatalogue { try loadedCatalogue.get() }

    /// The embedded BIN table (`bin-table.csv`).
    public static func binTable() throws(BundledDataError) -> BinTable { try loadedBinTable.get() }

    /// The session defaults (`session.json`): allowed networks in order, amount, currency.
    public static func sessionDefaults() throws(BundledDataError) -> ClientSession { try loadedSession.get() }

    /// The test card numbers the program names (`test-cards.json`, each with its source).
    public static func testCards() throws(BundledDataError) -> TestCards { try loadedTestCards.get() }

    /// A shipped JSON file read into `Value`: from its tree read at build time, or, when
    /// `CHECKOUT_RESOURCES` names other files (or the build could not read it), by parsing its text.
    /// Either way a value `read` refuses is a ``BundledDataError`` naming the file.
    /// `tree` builds the part of the file's ready tree that `read` looks at (the whole tree unless told).
    static func ready<Value>(_ name: String, tree: (String) -> JSONValue? = { ReadyData.json($0) }, _ read: (JSONValue) throws -> Value,
                             parsing parse: (Data) throws -> Value) throws(BundledDataError) -> Value {
        guard ResourceFiles.overrideDirectory == nil, let tree = tree(name) else { return try ResourceFiles.load(name, parse) }
        do { return try read(tree) } catch { throw BundledDataError(file: name, reason: "\(error)") }
    }
}

/// The test card numbers the program itself names, read from `test-cards.json`: the sandbox's
/// declined card and the help's example.
public struct TestCards: Sendable {
    /// The number the embedded sandbox processor always declines.
    public let sandboxDeclined: String
    /// The co-badged card the help's examples show, grouped as a person types it.
    public let helpExample: String

    struct MissingNumber: Error, CustomStringConvertible {
        let key: String
        var description: String { "$.\(key).number: expected a string of digits" }
    }

    init(json data: Data) throws {
        let root = try JSONValue(parsing: String(decoding: data, as: UTF8.self))
        func number(_ key: String) throws -> String {
            guard let number = root[key]?["number"]?.stringValue, number.contains(where: \.isNumber) else { throw MissingNumber(key: key) }
            return number
        }
        sandboxDeclined = try number("sandboxDeclined")
        helpExample = try number("helpExample")
    }
}
