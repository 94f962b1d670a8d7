import FoundationEssentials

extension UUID {
    /// A random UUID (version 4, variant of RFC 9562), as `UUID()` makes, from the standard
    /// library's system generator: Foundation's `UUID()` opens and reads `/dev/urandom` for each one
    /// on Linux, and payment ids are made for every payment.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { bytes in
            bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
            bytes[6] = bytes[6] & 0x0F | 0x40   // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80   // variant 10xx
        }
        return UUID(uuid: bytes)
    }

    /// The UUID's 32 hexadecimal digits in lower case, without dashes: what
    /// `uuidString.replacingOccurrences(of: "-", with: "").lowercased()` gives, made from the bytes
    /// without building Foundation strings.
    ///
    ///     UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.lowercaseHex  // "e621e1f8c36c495a93fc0c247a3e6e5f"
    public var lowercaseHex: String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 32) { text in
                digits.withUTF8Buffer { digits in
                    for (index, byte) in bytes.enumerated() {
                        text[2 * index] = digits[Int(byte >> 4)]
                        text[2 * index + 1] = digits[Int(byte & 0x0F)]
                    }
                }
                return 32
            }
        }
    }
}
