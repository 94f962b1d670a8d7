import CheckoutCore
import CheckoutResources
import FoundationEssentials

/// The data `checkout` ships in `Resources/data`, read once and kept: the network catalogue, the
/// embedded BIN table and the session defaults.
///
/// Each accessor throws a ``BundledDataError`` naming the file when it is missing or broken, so the
/// executable can say so in one line rather than crash. Files are read with
/// `ResourceFiles.load`, which the Nol demo cards use too.
public enum Bundled {
    private static let loadedCatalogue = Result { () throws(BundledDataError) -> NetworkCatalogue in
        try ResourceFiles.load("networks.json") { try NetworkCatalogue(json: $0) }
    }
    private static let loadedBinTable = Result { () throws(BundledDataError) -> BinTable in
        try ResourceFiles.load("bin-table.csv") { try BinTable(csv: String(decoding: $0, as: UTF8.self)) }
    }
    private static let loadedSession = Result { () throws(BundledDataError) -> ClientSession in
        try ResourceFiles.load("session.json") { try ClientSession(json: $0) }
    }

    /// The network catalogue (`networks.json`).
    public static func catalogue() throws(BundledDataError) -> NetworkCatalogue { try loadedCatalogue.get() }

    /// The embedded BIN table (`bin-table.csv`).
    public static func binTable() throws(BundledDataError) -> BinTable { try loadedBinTable.get() }

    /// The session defaults (`session.json`): allowed networks in order, amount, currency.
    public static func sessionDefaults() throws(BundledDataError) -> ClientSession { try loadedSession.get() }
}
