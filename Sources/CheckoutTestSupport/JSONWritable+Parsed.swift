import CheckoutCore

extension JSONWritable {
    /// The value as it is written, parsed back: tests look into a shape by key (`json["amountDue"]`)
    /// without a second way of building it. `.null` if the text does not parse, which fails any
    /// check that looks inside.
    public var parsedJSON: JSONValue {
        (try? JSONValue(parsing: serialized())) ?? .null
    }
}
