import CheckoutCore
import CheckoutEngine
import Foundation

/// An option of the `checkout` commands; each command says which ones it accepts.
enum CommandOption: String, CaseIterable, Sendable {
    case allowed = "allowed"
    case binService = "bin-service"
    case binTable = "bin-table"
    case binLatency = "bin-latency"
    case binTimeout = "bin-timeout"
    case expiry = "expiry"
    case cvv = "cvv"
    case name = "name"
    case debounce = "debounce"
    case amount = "amount"
    case currency = "currency"
    case dataDir = "data-dir"
    case noColor = "no-color"
    case readTimeout = "read-timeout"
    case otp = "otp"

    /// Whether the option is followed by a value (`--cvv 123` or `--cvv=123`).
    var takesValue: Bool { self != .noColor }

    /// The options of the card-entry commands (`detect`, `events`, the card screens).
    static let binOptions: Set<CommandOption> = [.allowed, .binService, .binTable, .binLatency, .binTimeout]
    static let cardFields: Set<CommandOption> = [.expiry, .cvv, .name]
}

/// Where BIN answers come from (`--bin-service embedded|off|URL`).
enum BinServiceChoice: Equatable, Sendable {
    case embedded
    case off
    case url(URL)
}

/// A mistake on the command line: one line for standard error, and exit status 2.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// The parsed command line of one command: every shared option, the positional arguments, and
/// which options were given.
///
/// One parser serves every command: a command passes the options it accepts, and gets back values
/// or a ``UsageError`` with a one-line message. Both `--option value` and `--option=value` work;
/// `--` ends the options and `-` alone is a positional argument (standard input).
///
///     switch CommandLineOptions.parse(arguments, command: "detect", accepting: CommandOption.binOptions) {
///     case .success(let options): …
///     case .failure(let error): FileHandleOutput.error(error.message); return 2
///     }
struct CommandLineOptions: Sendable {
    var command: String
    var allowed: [CardNetwork]?
    var binService: BinServiceChoice = .embedded
    var binTablePath: String?
    var binLatency: Duration = .zero
    var binTimeout: Duration = .milliseconds(3000)
    var expiry: String?
    var cvv: String?
    var name: String?
    var debounce: Duration?
    var amount: Int?
    var currency: String?
    var dataDirectory: String?
    var noColor = false
    /// `checkout nol events`: how long the simulated reader waits for a tap.
    var readTimeout: Duration?
    /// `checkout nol events`: the code every simulated SMS carries.
    var otp: String?
    /// `--help` or `-h` was given.
    var wantsHelp = false
    /// The arguments that are not options, in order.
    var positionals: [String] = []
    /// The options that were given.
    var given: Set<CommandOption> = []

    init(command: String) { self.command = command }

    static func parse(_ arguments: [String], command: String, accepting accepted: Set<CommandOption>) -> Result<CommandLineOptions, UsageError> {
        var options = CommandLineOptions(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                options.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--help" || argument == "-h" { options.wantsHelp = true; continue }

            let body = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : ""
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = CommandOption(rawValue: name), accepted.contains(option) else {
                return .failure(UsageError("checkout \(command): unknown option \(argument.split(separator: "=", maxSplits: 1).first ?? "") (see checkout --help)"))
            }
            var value = ""
            if option.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    return .failure(UsageError("checkout \(command): --\(option.rawValue) needs a value"))
                }
            } else if inlineValue != nil {
                return .failure(UsageError("checkout \(command): --\(option.rawValue) takes no value"))
            }
            do {
                try options.apply(option, value)
            } catch {
                return .failure(error)
            }
            options.given.insert(option)
        }
        return .success(options)
    }

    private mutating func apply(_ option: CommandOption, _ value: String) throws(UsageError) {
        switch option {
        case .allowed:
            do { allowed = try ClientSession.parseNetworkList(value) } catch {
                throw UsageError("checkout \(command): --allowed: \(error)")
            }
        case .binService:
            switch value.lowercased() {
            case "embedded": binService = .embedded
            case "off": binService = .off
            default:
                guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                      scheme == "http" || scheme == "https", url.host != nil else {
                    throw UsageError("checkout \(command): --bin-service must be embedded, off or an http(s) URL, not \"\(value)\"")
                }
                binService = .url(url)
            }
        case .binTable: binTablePath = value
        case .binLatency: binLatency = .milliseconds(try milliseconds(option, value))
        case .binTimeout: binTimeout = .milliseconds(try milliseconds(option, value))
        case .debounce: debounce = .milliseconds(try milliseconds(option, value))
        case .expiry: expiry = value
        case .cvv: cvv = value
        case .name: name = value
        case .amount:
            guard let minor = Int(value), minor >= 1 else {
                throw UsageError("checkout \(command): --amount must be a whole number of minor units, at least 1 (4999 for 49.99), not \"\(value)\"")
            }
            amount = minor
        case .currency:
            guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw UsageError("checkout \(command): --currency must be a 3-letter ISO 4217 code such as EUR, not \"\(value)\"")
            }
            currency = value.uppercased()
        case .dataDir: dataDirectory = value
        case .noColor: noColor = true
        case .readTimeout:
            // Checked before converting, so "inf" or "1e300" cannot trap the conversion.
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw UsageError("checkout \(command): --read-timeout must be a number of seconds (above 0, at most 3600), not \"\(value)\"")
            }
            readTimeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
        case .otp: otp = value
        }
    }

    private func milliseconds(_ option: CommandOption, _ value: String) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 0, number <= 3_600_000 else {
            throw UsageError("checkout \(command): --\(option.rawValue) must be a number of milliseconds (0 to 3600000), not \"\(value)\"")
        }
        return number
    }
}

extension CommandLineOptions {
    /// Whether colour is wanted: not with `--no-color`, nor when `NO_COLOR` is set to anything.
    var colorEnabled: Bool {
        !noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The client session: the shipped defaults (`Resources/data/session.json`) with `--allowed`,
    /// `--amount` and `--currency` applied.
    func makeSession() throws(UsageError) -> ClientSession {
        var session: ClientSession
        do { session = try Bundled.sessionDefaults() } catch {
            throw UsageError("checkout \(command): \(error)")
        }
        if let allowed { session.orderedAllowedCardNetworks = allowed }
        if let amount { session.amount = amount }
        if let currency { session.currency = currency }
        return session
    }

    /// The network catalogue that ships with checkout.
    func makeCatalogue() throws(UsageError) -> NetworkCatalogue {
        do { return try Bundled.catalogue() } catch {
            throw UsageError("checkout \(command): \(error)")
        }
    }

    /// The BIN data service the options ask for: the embedded table (or `--bin-table FILE`) with
    /// `--bin-latency`, none (`off`), or an HTTP service with `--bin-timeout`.
    func makeBinService(clock: any Clock<Duration> = ContinuousClock()) throws(UsageError) -> any BinDataService {
        switch binService {
        case .off:
            return OfflineBinDataService()
        case .url(let url):
            return HTTPBinDataService(baseURL: url, timeout: binTimeout)
        case .embedded:
            return TableBinDataService(table: try makeBinTable(), latency: binLatency, clock: clock)
        }
    }

    /// The BIN table of `--bin-table FILE`, or the embedded one.
    func makeBinTable() throws(UsageError) -> BinTable {
        guard let path = binTablePath else {
            do { return try Bundled.binTable() } catch {
                throw UsageError("checkout \(command): \(error)")
            }
        }
        // Read a chunk at a time: a table of millions of rows is never held whole.
        do { return try BinTable(csvFile: path) } catch let error as BinTableError {
            throw UsageError("checkout \(command): --bin-table \(path): \(error)")
        } catch {
            throw UsageError("checkout \(command): --bin-table: cannot read \(path)")
        }
    }
}
