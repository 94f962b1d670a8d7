// PLACEHOLDER (Core work replaces): signatures per CONTRACT.md
public struct BinTable: Sendable {
    public init(csv: String) throws {}
    public func lookup(_ digits: String) -> BinAnswer? { nil }
    public var count: Int { 0 }
}
