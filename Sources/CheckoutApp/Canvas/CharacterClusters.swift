import Synchronization

/// The characters of more than one Unicode scalar a canvas has held (a flag, a letter with its
/// combining marks, an emoji sequence), each by a number, so that a ``Canvas/Cell`` stays plain
/// bits: a cell keeps a one-scalar character as the scalar's value and any other as its number
/// here, from ``firstCluster`` on (above every scalar value).
///
/// Numbers are given for the life of the process and never reused. There are at most ``limit``:
/// past that (text pasted to exhaust it) a new cluster is kept as U+FFFD, and every one seen
/// before still shows.
enum CharacterClusters {
    /// The first number of a cluster: one past the last Unicode scalar value.
    static let firstCluster: UInt32 = 0x11_0000
    static let limit = 1 << 16

    private static let table = Mutex<(clusters: [Character], numbers: [Character: UInt32])>(([], [:]))

    /// The code of `character` in a cell.
    static func code(of character: Character) -> UInt32 {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex { return first.value }
        return table.withLock { table in
            if let number = table.numbers[character] { return number }
            guard table.clusters.count < limit else { return 0xFFFD }
            let number = firstCluster + UInt32(table.clusters.count)
            table.clusters.append(character)
            table.numbers[character] = number
            return number
        }
    }

    /// The character a cell's code stands for.
    static func character(_ code: UInt32) -> Character {
        if code < firstCluster { return Character(Unicode.Scalar(code) ?? "\u{FFFD}") }
        return table.withLock { table in
            let index = Int(code - firstCluster)
            return table.clusters.indices.contains(index) ? table.clusters[index] : "\u{FFFD}"
        }
    }
}
