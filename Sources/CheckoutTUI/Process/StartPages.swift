import CheckoutStore
import Glibc

/// Gives back, once the terminal UI is up and idle, the pages of code and read-only data that only
/// its start used, and the heap the start freed.
///
/// A start runs code a key never runs again (the option table, the ledger's SQL, the catalogues'
/// set-up, the locale), and the kernel maps a file's pages 64 KiB and more around each page a
/// program touches: after the first frame most of the program's resident memory is pages of its
/// own binary and libraries that no key will touch (Docs/figures.md). ``release()`` unmaps the
/// clean file-backed pages of every read-only private mapping; the next access to one maps it again
/// from the page cache, which still holds it, as a minor fault. This is what the kernel itself may
/// do to those pages at any time under memory pressure, so nothing can observe it but the time of
/// that fault. A page that is not the file's any more is kept: one the loader relocated before
/// making it read-only (RELRO), or one a debugger or a uprobe wrote a breakpoint into; the page map
/// tells them apart (`/proc/self/pagemap`: present, and file-backed). Writable mappings are never
/// touched, as another thread could write a page between the look and the unmapping. Then
/// `malloc_trim(0)` hands the heap's free pages back.
enum StartPages {
    /// One line of `/proc/self/maps`: a mapping's range, whether it can be written, whether it is
    /// private, and whether it maps a file by path.
    struct Mapping: Equatable, Sendable {
        var start: UInt
        var end: UInt
        var writable: Bool
        var isPrivate: Bool
        var mapsFile: Bool

        /// The mappings ``release()`` looks into.
        var isReleasable: Bool { !writable && isPrivate && mapsFile }
    }

    /// Unmaps the clean file-backed pages of the read-only private mappings `including` picks,
    /// then trims the heap; the number of pages unmapped (0 where the maps cannot be read).
    @discardableResult
    static func release(including: (Mapping) -> Bool = { _ in true }) -> Int {
        let released = releaseCleanPages(of: mappings().filter { $0.isReleasable && including($0) })
        _ = trimHeap?(0)
        return released
    }

    /// glibc's `malloc_trim`, which Swift's Glibc module does not declare (`<malloc.h>`); nil on a C
    /// library without it.
    private static let trimHeap: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// The process's mappings, from `/proc/self/maps`.
    static func mappings() -> [Mapping] {
        // The maps of a process are some kilobytes; 4 MiB is far beyond any.
        guard let text = try? FileStart.read("/proc/self/maps", limit: 1 << 22) else { return [] }
        return text.split(separator: UInt8(ascii: "\n")).compactMap(parse)
    }

    /// A line: `start-end perms offset device inode   path`.
    static func parse(_ line: ArraySlice<UInt8>) -> Mapping? {
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let range = fields[0].split(separator: UInt8(ascii: "-"))
        guard range.count == 2, let start = hex(range[0]), let end = hex(range[1]), start < end,
              fields[1].count == 4 else { return nil }
        let perms = Array(fields[1])
        let path = fields.count > 5 ? fields[5].drop { $0 == UInt8(ascii: " ") } : []
        return Mapping(start: start, end: end, writable: perms[1] == UInt8(ascii: "w"), isPrivate: perms[3] == UInt8(ascii: "p"),
                       mapsFile: path.first == UInt8(ascii: "/"))
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    /// Bit 63 of a page map entry: the page is present; bit 61: it is a page of the file (or shared).
    private static let present: UInt64 = 1 << 63
    private static let filePage: UInt64 = 1 << 61

    private static func releaseCleanPages(of mappings: [Mapping]) -> Int {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let descriptor = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, page > 0 else { return 0 }
        defer { close(descriptor) }
        var entries = [UInt64](repeating: 0, count: 512)
        var released = 0
        for mapping in mappings {
            var address = mapping.start
            while address < mapping.end {
                let wanted = min(Int((mapping.end - address) / page), entries.count)
                let got = entries.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted * 8, off_t(address / page * 8)) }
                guard got >= 8 else { break }
                var run: (start: UInt, count: Int)?
                for index in 0...(got / 8) {
                    let clean = index < got / 8 && entries[index] & (present | filePage) == present | filePage
                    if clean {
                        run = run.map { ($0.start, $0.count + 1) } ?? (address + UInt(index) * page, 1)
                    } else if let (start, count) = run {
                        if madvise(UnsafeMutableRawPointer(bitPattern: start), count * Int(page), MADV_DONTNEED) == 0 { released += count }
                        run = nil
                    }
                }
                address += UInt(got / 8) * page
            }
        }
        return released
    }
}
