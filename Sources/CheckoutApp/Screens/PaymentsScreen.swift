import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Payments: the ledger `checkout payments` lists, newest first, a page at a time, filtered by
/// status, with the receipt of the payment chosen, which `s` saves and `c` copies.
///
/// The screen asks for one page of the ledger when it opens and when the page or the filter
/// changes (``ScreenEffect/readLedger(_:)``: the app makes a `LIMIT`/`OFFSET` query and a count and
/// hands the page back), never the whole ledger: a ledger of a million payments pages as quickly
/// as one of ten. The screen itself does no I/O.
public struct PaymentsScreen: KeepsReceipts {
    /// Which payments the list shows.
    public enum StatusFilter: String, Sendable, CaseIterable {
        case all, authorized = "AUTHORIZED", declined = "DECLINED", failed = "FAILED"
        /// Asked and never answered (the ledger's `UNKNOWN`): the payments to look up at the processor.
        case unknown = "UNKNOWN"

        /// The filter's name on the status line.
        func title(_ text: Localizer) -> String {
            switch self {
            case .all: text.text(.paymentsFilterAll)
            case .authorized: text.text(.paymentsFilterAuthorized)
            case .declined: text.text(.paymentsFilterDeclined)
            case .failed: text.text(.paymentsFilterFailed)
            case .unknown: text.text(.paymentsFilterUnknown)
            }
        }

        /// What an empty list under the filter says.
        func none(_ text: Localizer) -> String {
            switch self {
            case .all: text.text(.paymentsNone)
            case .authorized: text.text(.paymentsNoneAuthorized)
            case .declined: text.text(.paymentsNoneDeclined)
            case .failed: text.text(.paymentsNoneFailed)
            case .unknown: text.text(.paymentsNoneUnknown)
            }
        }

        var status: String? { self == .all ? nil : rawValue }
    }

    public enum Action: Sendable, Equatable { case up, down, pageUp, pageDown, previousFilter, nextFilter, receipt(ReceiptStep) }

    public internal(set) var filter = StatusFilter.all
    /// The page on show, from 0, and how many payments a page holds.
    public internal(set) var page = 0
    public let pageSize: Int
    /// The page's payments, newest first.
    public internal(set) var entries: [LedgerEntry] = []
    /// How many payments the filter selects, on every page.
    public internal(set) var total = 0
    /// The chosen payment's index on the page.
    public internal(set) var selected = 0
    /// Why the ledger could not be read, when it could not (the ledger's words; the screen says
    /// what they are about).
    public internal(set) var problem: String?
    var keeping = ReceiptKeeping()
    /// The page asked for and not answered yet, and whether its last payment is then chosen (↑ at
    /// the top of a page goes to the foot of the page before).
    var asked: (request: LedgerPageRequest, chooseLast: Bool)?

    public var title: String { "Payments" }
    public func title(context: ScreenContext) -> String { Route.payments.title(context.localizer) }

    /// Payments, a page as tall as the terminal of `context` allows; the first page is asked for when it appears.
    public init(context: ScreenContext) {
        pageSize = Self.pageSize(height: context.size.height, width: context.size.width)
    }

    public mutating func appear(context: ScreenContext) -> [ScreenEffect] { load() }

    /// Rows a page takes: what is left of the screen under the heading once the receipt beside or
    /// under the list has its rows.
    static func pageSize(height: Int, width: Int) -> Int {
        layout(height: max(0, height - 2), width: width).listRows
    }

    /// How the area's rows are shared: the list's, and the receipt's under it (none beside it).
    /// Under the filter line, a blank row and the column heading; over the message row at the foot.
    static func layout(height: Int, width: Int) -> (listRows: Int, receiptRows: Int) {
        let available = max(2, height - 5)
        guard width < sideBySideWidth else { return (available, 0) }
        let receiptRows = min(10, max(4, available / 2))
        return (max(1, available - receiptRows - 1), receiptRows)
    }

    /// From this many columns the receipt stands beside the list instead of under it, in this many.
    static let sideBySideWidth = 110
    static let sideReceiptWidth = 46

    public var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }

    /// The payment chosen, if the page has any.
    public var chosen: LedgerEntry? { entries.indices.contains(selected) ? entries[selected] : nil }


    /// Asks for the page on show (and the count).
    mutating func load(choosingLast: Bool = false) -> [ScreenEffect] {
        let request = LedgerPageRequest(status: filter.status, page: page, pageSize: pageSize)
        asked = (request, choosingLast)
        return [.readLedger(request)]
    }

    /// Takes the page asked for last; an older answer is dropped.
    mutating func take(_ answer: LedgerPage) {
        guard let asked, asked.request == answer.request else { return }
        self.asked = nil
        page = answer.page
        total = answer.total
        entries = answer.entries
        problem = answer.problem
        selected = asked.chooseLast ? max(0, entries.count - 1) : min(selected, max(0, entries.count - 1))
    }

    /// The receipt of the payment chosen.
    public func receipt(context: ScreenContext) -> Receipt? {
        // A damaged row (its total cannot be added) has no receipt to keep.
        guard let chosen, chosen.checkedTotal != nil else { return nil }
        return Receipt(entry: chosen)
    }
}
