import CheckoutCore

/// A grid of styled cells that screens draw into, with no terminal behind it.
///
/// Screens render into a `Canvas`; the ncurses adapter copies a finished canvas to the terminal, and
/// tests read ``text`` or ``style(row:column:)``. A wide character (CJK, most emoji) takes two
/// cells: the second is a continuation cell that holds no character of its own.
///
/// While drawing, a screen also says what a click may land on (``addTarget(_:_:)``): the app finds
/// the target under a click in the frame on show and hands its id to the screen, so what can be
/// clicked is always exactly what is drawn. Targets are not part of what the canvas shows, so two
/// canvases compare equal by their cells and cursor alone.
///
///     var canvas = Canvas(width: 20, height: 2)
///     canvas.put("Pay €49.99", row: 0, column: 2, style: .accent)
///     canvas.addTarget(Rect(top: 0, left: 2, width: 10, height: 1), "pay")
///     canvas.lines[0] // "  Pay €49.99"
///
/// A right-to-left canvas (``direction``) is the one place the layout mirrors: screens keep
/// drawing in left-to-right coordinates, and each ``put(_:row:column:style:maxWidth:)`` lands at
/// the mirrored column, its text shaped and in visual order (``BidiText``) with its numbers kept
/// left to right (``BidiIsolation/isolatingNumbers(_:)``); fills, click targets and the cursor
/// mirror the same way, and the symbols that point (◀ ▶, ← →, box corners) are swapped. One put
/// is one phrase: a row built from several puts is mirrored by the columns, a phrase by the algorithm.
/// For a terminal that orders text itself (``textOrder`` ``TextOrder/logical``) the columns still
/// mirror, and each phrase keeps its characters in logical order, unshaped, for the terminal to order and shape.
public struct Canvas: Sendable, Equatable {
    /// Who puts a right-to-left phrase's characters in the order they are seen.
    public enum TextOrder: Sendable, Equatable {
        /// The canvas: shaped, in visual order, for the terminals that show cells as they come (xterm, tmux, the Linux console).
        case visual
        /// The terminal: logical order, unshaped, for those that run the bidirectional algorithm on
        /// what they show and cannot be told not to (Konsole, mlterm, macOS Terminal: ``TerminalBidi/terminalOrders``).
        case logical
    }

    /// One cell: a character (a space when empty) and its style.
    ///
    /// A cell is one 32-bit word: its character as a Unicode scalar's value, or as the number of a
    /// cluster of several scalars (a flag, a letter and its combining marks) in
    /// ``CharacterClusters`` (21 bits: every scalar, and clusters up to ``CharacterClusters/limit``),
    /// its style as a number (``CellStyle/code``, 7 bits) and the two halves of a wide character
    /// (a bit each). A frame is built, compared with the last one and thrown away at every key:
    /// with a `Character` in each cell that was a retain and a release per cell and per copy, a
    /// fifth of a key's instructions (callgrind, issue 33); at eight bytes a cell, an 80x24 frame
    /// was 15 KiB to write and 30 KiB to compare, which after a pause between keys come from
    /// memory a cache line at a time.
    public struct Cell: Sendable, Equatable {
        private var bits: UInt32

        private static let codeMask: UInt32 = 0x1F_FFFF
        private static let styleShift: UInt32 = 21
        private static let styleMask: UInt32 = 0x7F << 21
        private static let continuationBit: UInt32 = 1 << 28
        private static let wideBit: UInt32 = 1 << 29

        public init(character: Character, style: CellStyle, isContinuation: Bool, isWide: Bool = false) {
            self.init(code: CharacterClusters.code(of: character), style: style, isContinuation: isContinuation, isWide: isWide)
        }

        /// A narrow character that is one scalar, in a style given by its code.
        init(code: UInt32, styleCode: UInt16) {
            bits = code | UInt32(styleCode) << Self.styleShift
        }

        init(code: UInt32, style: CellStyle, isContinuation: Bool, isWide: Bool = false) {
            bits = code | UInt32(style.code) << Self.styleShift | (isContinuation ? Self.continuationBit : 0) | (isWide ? Self.wideBit : 0)
        }

        private var code: UInt32 { bits & Self.codeMask }

        /// True for the right half of a wide character.
        public var isContinuation: Bool {
            get { bits & Self.continuationBit != 0 }
            set { bits = newValue ? bits | Self.continuationBit : bits & ~Self.continuationBit }
        }

        /// True for the left half of a wide character: the next cell is its right half.
        public var isWide: Bool {
            get { bits & Self.wideBit != 0 }
            set { bits = newValue ? bits | Self.wideBit : bits & ~Self.wideBit }
        }

        public var style: CellStyle {
            get { CellStyle(code: UInt16((bits & Self.styleMask) >> Self.styleShift)) }
            set { bits = bits & ~Self.styleMask | UInt32(newValue.code) << Self.styleShift }
        }

        /// Whether two cells look the same in the same place: their styles' codes compared, not the styles.
        public func hasStyle(of other: Cell) -> Bool { (bits ^ other.bits) & Self.styleMask == 0 }

        public var character: Character {
            get { CharacterClusters.character(code) }
            set { bits = bits & ~Self.codeMask | CharacterClusters.code(of: newValue) }
        }

        /// The character when it is one scalar (every symbol and letter a screen draws), else nil.
        public var scalar: Unicode.Scalar? { code < CharacterClusters.firstCluster ? Unicode.Scalar(code) : nil }

        public static let blank = Cell(code: 0x20, style: .normal, isContinuation: false)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Which way the rows run; right to left mirrors every put, fill, target and the cursor.
    public var direction: Language.Direction = .leftToRight
    /// Right to left, who orders each phrase's characters; left to right, text is always in logical order.
    public var textOrder: TextOrder = .visual
    /// Where the terminal cursor should be shown (the focused text field's insertion point), if anywhere.
    ///
    /// Set in the screens' left-to-right columns. Right to left, a caret inside text put on its row
    /// keeps its offset in that (left-to-right: a number, a code) text from where it was drawn;
    /// elsewhere, as at the start of an empty field, the column is mirrored.
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set {
            guard let newValue, direction == .rightToLeft else {
                cursorPosition = newValue.map { CursorPosition(row: $0.row, column: $0.column) }
                return
            }
            let column = spans.last { $0.row == newValue.row && $0.column <= newValue.column && newValue.column <= $0.column + $0.width }
                .map { $0.visual + newValue.column - $0.column } ?? width - 1 - newValue.column
            cursorPosition = CursorPosition(row: newValue.row, column: max(0, min(width - 1, column)))
        }
    }

    /// Right to left: where each put's text went (its logical column and width, its visual column).
    private struct Span: Sendable { var row: Int; var column: Int; var width: Int; var visual: Int }
    private var spans: [Span] = []

    private struct CursorPosition: Sendable, Equatable { var row: Int; var column: Int }
    private var cursorPosition: CursorPosition?

    /// A part of the canvas a click acts on, and what the screen that drew it calls it.
    public struct Target: Sendable {
        public var rect: Rect
        /// A field, a network, a button, a row: a value of the screen's ``Screen/Click``, handed back in ``Screen/click(_:column:context:)``.
        public var id: any Hashable & Sendable
    }

    /// The click targets, in the order they were added: a later one lies over an earlier one.
    public private(set) var targets: [Target] = []

    /// Registers `rect` (clipped to the canvas) as a click target called `id`.
    public mutating func addTarget(_ rect: Rect, _ id: some Hashable & Sendable) {
        let rect = direction == .rightToLeft ? Rect(top: rect.top, left: width - rect.left - rect.width, width: rect.width, height: rect.height) : rect
        let top = max(0, rect.top), left = max(0, rect.left)
        let bottom = min(height, rect.bottom), right = min(width, rect.left + rect.width)
        guard bottom > top, right > left else { return }
        targets.append(Target(rect: Rect(top: top, left: left, width: right - left, height: bottom - top), id: id))
    }

    /// The target a click at a cell lands on: the last added that holds the cell.
    public func target(row: Int, column: Int) -> Target? {
        targets.last { $0.rect.contains(row: row, column: column) }
    }

    /// Makes room for `count` targets at once (a whole frame's), so that adding them moves none.
    mutating func reserveTargets(_ count: Int) { targets.reserveCapacity(count) }

    /// Forgets the targets drawn so far (what lies under a box drawn over them cannot be clicked).
    public mutating func removeTargets() { targets = [] }

    /// Draws a part of the canvas that seldom changes (the footer, the badges) once for what it is
    /// drawn from, and after that stamps the cells it drew: `draw` draws `rows` rows from row 0 of
    /// a blank canvas of this one's width, direction and text order, exactly as it would draw from
    /// `row` here; its cells within `columns` (left-to-right columns, mirrored as every put is;
    /// every column when nil), with their click targets and where their texts went, land on
    /// `row`. The part must draw nothing outside `columns`, and what lies under it here must be
    /// blank, so that the stamp reads exactly as drawing it in place would have.
    ///
    /// `key` holds everything `draw` reads: the same key at the same width and direction is the
    /// same drawing.
    public mutating func drawKept<Key: Equatable & Sendable>(_ kept: KeptDrawing<Key>, _ key: Key, row: Int, rows: Int = 1,
                                                            columns: Range<Int>? = nil, _ draw: (inout Canvas) -> Void) {
        let full = KeptDrawing<Key>.Key(part: key, width: width, rows: rows, direction: direction, textOrder: textOrder)
        func drawn() -> Canvas {
            var strip = Canvas(width: width, height: rows)
            strip.direction = direction
            strip.textOrder = textOrder
            draw(&strip)
            return strip
        }
        stamp(KeptDrawings.bypassed ? drawn() : kept.memo.value(for: full, drawn), atRow: row, columns: columns)
    }

    /// Puts `strip`'s rows, as they were drawn, from `row` of this canvas: the cells of `columns`
    /// (left-to-right columns: mirrored here right to left; all when nil), the click targets
    /// within them and (right to left) where their texts went. See ``drawKept(_:_:row:rows:columns:_:)``.
    mutating func stamp(_ strip: Canvas, atRow row: Int, columns: Range<Int>? = nil) {
        guard strip.width == width else { return }
        let logical = (columns ?? 0..<width).clamped(to: 0..<width)
        let visual = direction == .rightToLeft ? (width - logical.upperBound)..<(width - logical.lowerBound) : logical
        guard !visual.isEmpty else { return }
        // A cell is plain bits: each row's cells are copied as memory (the generic `replaceSubrange`
        // of a slice was most of a stamp: 8 k instructions for the form's lower rows, callgrind).
        cells.withUnsafeMutableBufferPointer { cells in
            strip.cells.withUnsafeBufferPointer { drawn in
                guard let into = cells.baseAddress, let from = drawn.baseAddress else { return }
                for line in 0..<strip.height where row + line >= 0 && row + line < height {
                    (into + (row + line) * width + visual.lowerBound).update(from: from + line * width + visual.lowerBound, count: visual.count)
                }
            }
        }
        // No exact reserve here: that moved all the frame's targets to a new buffer at every stamp
        // (a fifth of the stamps' instructions, callgrind); appending grows it by doubling.
        for target in strip.targets {
            let left = max(target.rect.left, visual.lowerBound), right = min(target.rect.left + target.rect.width, visual.upperBound)
            let top = row + target.rect.top, bottom = min(height, top + target.rect.height)
            guard right > left, top >= 0, bottom > top else { continue }
            targets.append(Target(rect: Rect(top: top, left: left, width: right - left, height: bottom - top), id: target.id))
        }
        for span in strip.spans where visual.contains(span.visual) {
            spans.append(Span(row: row + span.row, column: span.column, width: span.width, visual: span.visual))
        }
    }

    public static func == (a: Canvas, b: Canvas) -> Bool {
        a.width == b.width && a.height == b.height && a.cursorPosition == b.cursorPosition && a.cells == b.cells
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a position; a blank cell outside the grid.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < height, column >= 0, column < width else { return .blank }
        return cells[row * width + column]
    }

    /// The style of the cell at a position.
    public func style(row: Int, column: Int) -> CellStyle { self[row, column].style }

    /// Writes `text` from a position, clipped at `maxWidth` columns and at the right edge; returns
    /// the number of columns written. A wide character that does not fit whole becomes a space.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .normal, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        if direction == .rightToLeft { return putMirrored(text, row: row, column: column, style: style, maxWidth: maxWidth) }
        let limit = min(width, column + (maxWidth ?? width))
        if let written = putNarrow(text, row: row, column: column, limit: limit, style: style) { return written }
        var x = column
        // Scalars that each are a character (ASCII, Latin, box drawing, arrows, French spaces…): no
        // grapheme breaking.
        if text.unicodeScalars.allSatisfy({ DisplayWidth.unjoinedWidth($0.value) != nil }) {
            // Stored through the cells' buffer, taken once for the text (through `set`, each cell
            // paid the array's uniqueness and bounds checks: a fifth of a key's card form, callgrind).
            let width = width
            cells.withUnsafeMutableBufferPointer { cells in
                for scalar in text.unicodeScalars {
                    let w = DisplayWidth.unjoinedWidth(scalar.value) ?? 1
                    if w == 0 { continue }
                    if x + w > limit {
                        if x < limit, x >= 0 { Self.store(Cell(code: 0x20, style: style, isContinuation: false), in: cells, width: width, row: row, column: x) }
                        break
                    }
                    if x >= 0 {
                        Self.store(Cell(code: scalar.value, style: style, isContinuation: false, isWide: w == 2), in: cells, width: width, row: row, column: x)
                        if w == 2 { Self.store(Cell(code: 0x20, style: style, isContinuation: true), in: cells, width: width, row: row, column: x + 1) }
                    }
                    x += w
                }
            }
            return max(0, x - column)
        }
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if x + w > limit {
                if x < limit, x >= 0 { set(row, x, Cell(character: " ", style: style, isContinuation: false)) }
                break
            }
            if x >= 0 {
                set(row, x, Cell(character: character, style: style, isContinuation: false, isWide: w == 2))
                if w == 2 { set(row, x + 1, Cell(character: " ", style: style, isContinuation: true)) }
            }
            x += w
        }
        return max(0, x - column)
    }

    /// Right to left: `text` in visual order (or logical, for a terminal that orders it), ending
    /// where a left-to-right put would start, seen in a mirror; cut from its logical end (the left,
    /// in visual order) when it does not fit.
    private mutating func putMirrored(_ text: String, row: Int, column: Int, style: CellStyle, maxWidth: Int?) -> Int {
        let limit = min(width, column + (maxWidth ?? width)) - max(0, column)
        guard limit > 0 else { return 0 }
        // A phrase with no right-to-left letter (a key's name, a network's, an amount) is its own
        // left-to-right paragraph, so its neutral ends (`⇧tab`, `(3)`) stay where they are.
        let paragraph: BidiText.Paragraph = text.unicodeScalars.contains(where: Self.isRightToLeft) ? .rightToLeft : .leftToRight
        var visual: String
        if textOrder == .visual {
            visual = BidiText.visual(BidiIsolation.isolatingNumbers(text), paragraph: paragraph)
        } else {
            // A terminal that orders text itself gets it as written, without the isolates, which no
            // cell can hold; a right-to-left phrase too long is cut at its logical end before its
            // edges change sides, as its visual form is.
            var logical = Array(text).filter { DisplayWidth.of($0) > 0 }
            var logicalWidth = logical.reduce(0) { $0 + DisplayWidth.of($1) }
            while paragraph == .rightToLeft, logicalWidth > limit, !logical.isEmpty { logicalWidth -= DisplayWidth.of(logical.removeLast()) }
            visual = String(logical)
        }
        if paragraph == .leftToRight || textOrder == .logical {
            // Its spaces were a gap on the side of the phrase next to it, which is now the other side
            // (what the algorithm does to a right-to-left phrase's, when it orders it).
            let leading = visual.prefix { $0 == " " }.count, trailing = visual.reversed().prefix { $0 == " " }.count
            if leading < visual.count {
                visual = String(repeating: " ", count: trailing) + visual.dropFirst(leading).dropLast(trailing) + String(repeating: " ", count: leading)
            }
        }
        // A symbol alone, or the neutrals an Arabic phrase turned round, point the mirrored way.
        if paragraph == .rightToLeft || visual.count == 1 { visual = Self.mirroredSymbols(visual) }
        var characters = Array(visual).filter { DisplayWidth.of($0) > 0 }
        var used = characters.reduce(0) { $0 + DisplayWidth.of($1) }
        while used > limit, !characters.isEmpty { used -= DisplayWidth.of(characters.removeFirst()) }
        let start = width - max(0, column) - used
        spans.append(Span(row: row, column: column, width: used, visual: start))
        var x = start
        for character in characters {
            let w = DisplayWidth.of(character)
            set(row, x, Cell(character: character, style: style, isContinuation: false, isWide: w == 2))
            if w == 2 { set(row, x + 1, Cell(character: " ", style: style, isContinuation: true)) }
            x += w
        }
        return used
    }

    /// Writes `text` as a left-to-right block in the `width` columns from `column`: on a
    /// right-to-left canvas the block's place mirrors, and its text keeps its order and its
    /// indentation inside it, as a code block does in a right-to-left page (an event's JSON: wire
    /// values, read left to right). Returns the number of columns written.
    @discardableResult
    public mutating func putLeftToRight(_ text: String, row: Int, column: Int, width blockWidth: Int, style: CellStyle = .normal) -> Int {
        guard direction == .rightToLeft else { return put(text, row: row, column: column, style: style, maxWidth: blockWidth) }
        direction = .leftToRight
        defer { direction = .rightToLeft }
        return put(text, row: row, column: width - column - blockWidth, style: style, maxWidth: blockWidth)
    }

    /// A right-to-left letter (Hebrew, Arabic and their presentation forms) or mark (RLM, ALM).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || value == 0x200F || value == 0x061C
    }

    /// The symbols that point one way, pointing the other: what a mirror shows of them. (Brackets
    /// and `<` `>` are mirrored by the algorithm itself, being Bidi_Mirrored; ← and → name keys,
    /// which do not change.)
    static func mirroredSymbols(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { mirrors[$0] != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(mirrors[scalar] ?? scalar) }
        return String(scalars)
    }

    private static let mirrors: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [("◀", "▶"), ("┌", "┐"), ("└", "┘"), ("├", "┤"), ("▸", "◂"), ("◂", "▸")]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (a, b) in pairs { map[a] = b; map[b] = a }
        return map
    }()

    /// Paints `count` cells from a position with spaces in `style` (a bar, a highlighted row).
    public mutating func fill(row: Int, column: Int, count: Int, style: CellStyle) {
        let column = direction == .rightToLeft ? width - column - count : column
        for x in max(0, column)..<max(max(0, column), min(width, column + count)) {
            set(row, x, Cell(code: 0x20, style: style, isContinuation: false))
        }
    }

    /// The rows as plain text, trailing spaces removed: what a person would read off the screen.
    public var lines: [String] {
        (0..<height).map { row in
            let start = row * width
            var end = start + width
            // Trailing blanks go before the line is built: trimming a String from its end walks it.
            while end > start, !cells[end - 1].isContinuation, cells[end - 1].scalar == " " { end -= 1 }
            var line = ""
            for index in start..<end where !cells[index].isContinuation { line.append(cells[index].character) }
            return line
        }
    }

    /// The whole screen as text, one line per row.
    public var text: String { lines.joined(with: "\n") }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        let width = width
        cells.withUnsafeMutableBufferPointer { Self.store(cell, in: $0, width: width, row: row, column: column) }
    }

    /// Puts `cell` at `row`, `column` of a canvas's cells (`width` a row): the one home of what a
    /// cell written does to its neighbours.
    @inline(__always)
    /// Text of narrow characters that each are one scalar joining no neighbour (printable ASCII,
    /// Latin letters, `·`, `•`, `€`, box drawing: most of what a frame holds) takes a cell per
    /// scalar: the cells it covers are written in one pass, and only the wide characters it cuts
    /// at either end are mended (a cell it overwrites whole needs no mending). Nil for any other
    /// text. The same cells as the scalar-by-scalar path, with a fraction of its instructions per
    /// character (callgrind, issue 33); printable ASCII is read as bytes.
    private mutating func putNarrow(_ text: String, row: Int, column: Int, limit: Int, style: CellStyle) -> Int? {
        let isASCII = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } } ?? false
        var count = 0
        if isASCII {
            count = text.utf8.count
        } else {
            for scalar in text.unicodeScalars {
                guard DisplayWidth.unjoinedWidth(scalar.value) == 1 else { return nil }
                count += 1
            }
        }
        let start = max(column, 0), end = min(limit, column + count)
        if start < end {
            let styleCode = style.code, width = width
            cells.withUnsafeMutableBufferPointer { cells in
                let base = row * width
                guard base + width <= cells.count else { return }
                if start > 0, cells[base + start].isContinuation {
                    cells[base + start - 1] = Cell(code: 0x20, style: cells[base + start - 1].style, isContinuation: false)
                }
                if end < width, cells[base + end].isContinuation {
                    cells[base + end] = Cell(code: 0x20, style: cells[base + end].style, isContinuation: false)
                }
                if isASCII, text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
                    for x in start..<end { cells[base + x] = Cell(code: UInt32(bytes[x - column]), styleCode: styleCode) }
                    return true
                }) == true {
                    return
                }
                var x = column
                for scalar in text.unicodeScalars {
                    if x >= end { break }
                    if x >= start { cells[base + x] = Cell(code: scalar.value, styleCode: styleCode) }
                    x += 1
                }
            }
        }
        return max(0, min(limit, column + count) - column)
    }

    private static func store(_ cell: Cell, in cells: UnsafeMutableBufferPointer<Cell>, width: Int, row: Int, column: Int) {
        // The row is checked too: the buffer's subscript is not, in a release build.
        guard column >= 0, column < width, row >= 0, (row + 1) * width <= cells.count else { return }
        let index = row * width + column
        // Overwriting half of a wide character blanks its other half so no orphan remains.
        if cells[index].isContinuation, column > 0 { cells[index - 1] = Cell(code: 0x20, style: cells[index - 1].style, isContinuation: false) }
        if !cells[index].isContinuation, column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(code: 0x20, style: cells[index + 1].style, isContinuation: false)
        }
        cells[index] = cell
    }
}

extension Canvas {
    /// `text` cut to `width` columns, ending in `ellipsis` (`…`, or `...` in ASCII) when it was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let mark = DisplayWidth.of(ellipsis) <= width ? ellipsis : ""
        let room = width - DisplayWidth.of(mark)
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return result + mark
    }

    /// `text` broken into lines of at most `width` columns, for messages that must be read whole.
    ///
    /// Lines break at spaces; a word wider than `width` is broken where the line is full, never
    /// inside a wide character. With `maxLines`, the text is cut after that many lines and the last
    /// one ends in `…`.
    ///
    ///     Canvas.wrap("Check the card and the mobile number", width: 16)
    ///     // ["Check the card", "and the mobile", "number"]
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(String(word))
            if used > 0, used + 1 + wordWidth <= width {
                current += " " + word
                used += 1 + wordWidth
                continue
            }
            if used > 0 { lines.append(current) }
            current = ""
            used = 0
            for character in word {
                let w = DisplayWidth.of(character)
                // A character wider than the whole line still gets a line of its own.
                if used > 0, used + w > width {
                    lines.append(current)
                    current = ""
                    used = 0
                }
                current.append(character)
                used += w
            }
        }
        if used > 0 || !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        return kept + [truncate(lines[maxLines - 1] + " " + lines[maxLines], to: width, ellipsis: ellipsis)]
    }
}

extension Canvas {
    /// Writes `text` wrapped to `width` columns on up to `maxLines` rows from a position (see
    /// ``wrap(_:width:maxLines:)``) and returns the number of rows written.
    ///
    /// A `prefix` such as `"✗ "` starts the first row, and the rows after it are indented by its
    /// width so the message reads as one block.
    @discardableResult
    public mutating func putWrapped(_ text: String, prefix: String = "", row: Int, column: Int, width: Int,
                                    maxLines: Int = .max, style: CellStyle = .normal, ellipsis: String = "…") -> Int {
        let indent = DisplayWidth.of(prefix)
        let lines = Canvas.wrap(text, width: width - indent, maxLines: maxLines, ellipsis: ellipsis)
        for (offset, line) in lines.enumerated() {
            if offset == 0 { put(prefix, row: row, column: column, style: style, maxWidth: width) }
            put(line, row: row + offset, column: column + indent, style: style, maxWidth: width - indent)
        }
        return lines.count
    }
}

/// Where ``Canvas/drawKept(_:_:row:rows:columns:_:)`` keeps one part's drawing: the last one made,
/// with what it was made from. A part that is drawn at every frame has one of its own.
public final class KeptDrawing<Part: Equatable & Sendable>: Sendable {
    struct Key: Equatable, Sendable {
        var part: Part
        var width: Int
        var rows: Int
        var direction: Language.Direction
        var textOrder: Canvas.TextOrder
    }

    let memo = Memo<Key, Canvas>()

    public init() {}
}

public enum KeptDrawings {
    /// True while every kept part is drawn afresh and nothing is kept: a test renders a frame so
    /// and compares it with the frame the kept parts made, which shows a key that leaves out
    /// something a part is drawn from.
    @TaskLocal public static var bypassed = false
}
