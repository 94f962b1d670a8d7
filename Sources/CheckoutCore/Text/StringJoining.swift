extension Array where Element == String {
    /// The strings one after another with `separator` between them: what `joined(separator:)`
    /// gives, but compiled for `[String]` alone. The stdlib's is generic and left unspecialized in
    /// a release build: each call walks the elements through its witnesses, and the first call of
    /// a process looks its associated types up at run time (0.18 M instructions, wherever the
    /// first call falls: a frame draws a dozen such lists; callgrind, issue 33).
    public func joined(with separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
