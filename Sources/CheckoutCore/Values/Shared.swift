/// The fields of a value type kept in one shared, immutable box: what a value that screens copy
/// many times a frame keeps its fields in (``ClientSession``, ``CardNumberEntryMetadata``,
/// ``IssuerDetails``).
///
/// A copy retains one object instead of every string, array and dictionary of the fields, and
/// two copies of one value are told equal at once, without walking the fields (a frame compares
/// its kept parts' keys with what it would draw them from: most of the time the same value). A
/// change makes a new box, so the value keeps value semantics.
public struct Shared<Fields: Sendable & Equatable>: Sendable, Equatable {
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    public init(_ fields: Fields) {
        box = Box(fields)
    }

    /// The fields, read in place.
    public var fields: Fields { _read { yield box.fields } }

    /// Changes the fields: in a new box, which this value alone holds. (A closure, not a key path:
    /// a key path's set goes through the runtime's key path machinery on every call, on a key's path.)
    public mutating func change(_ body: (inout Fields) -> Void) {
        var fields = box.fields
        body(&fields)
        box = Box(fields)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }
}

extension Shared: Hashable where Fields: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }
}
