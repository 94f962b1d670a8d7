extension JSONValue: JSONWritable {
    /// Writes the compact JSON text of this value (see ``JSONWriter`` for the exact form):
    ///
    ///     JSONValue.object([("n", .number(4999)), ("s", .string("é\n"))]).serialized()   // {"n":4999,"s":"é\n"}
    public func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let flag): json.bool(flag)
        case .number(let number): json.number(number)
        case .string(let text): json.string(text)
        case .array(let elements):
            json.beginArray()
            for element in elements { element.write(to: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            for (key, value) in members {
                json.key(key)
                value.write(to: &json)
            }
            json.endObject()
        }
    }
}
