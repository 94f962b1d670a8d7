import Foundation
import Glibc
import Testing
@testable import CheckoutTUI

/// Giving back the start's pages (``StartPages``): which mappings it reads, that a clean page of a
/// file leaves the process and reads the same afterwards, and that a page that is not the file's
/// any more (relocated, or a debugger's breakpoint) stays as it was.
@Suite struct StartPagesTests {
    @Test func aMapsLineSaysWhetherItsMappingIsReadOnlyPrivateAndOfAFile() throws {
        let lines = [
            "55d0c8a00000-55d0c9700000 r-xp 002a0000 fe:00 16238794                   /work/main/.build/release/checkout",
            "55d0c9800000-55d0c9a9d000 rw-p 00ffc000 fe:00 16238794                   /work/main/.build/release/checkout",
            "7f1c2a400000-7f1c2a600000 r--s 00000000 00:1a 77                         /dev/shm/ledger-shm",
            "7ffd5e9f2000-7ffd5e9f4000 r-xp 00000000 00:00 0                          [vdso]",
            "7f1c2a000000-7f1c2a021000 rw-p 00000000 00:00 0 ",
            "not a mapping",
        ]
        let parsed = lines.map { StartPages.parse(Array($0.utf8)[...]) }
        #expect(parsed[0] == StartPages.Mapping(start: 0x55d0_c8a0_0000, end: 0x55d0_c970_0000, writable: false, isPrivate: true, mapsFile: true))
        #expect(parsed.map { $0?.isReleasable } == [true, false, false, false, false, nil])
        #expect(parsed[4]?.mapsFile == false && parsed[4]?.writable == true)
    }

    @Test func theProcessMapsHoldTheCLibrarysCodeAsReleasable() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getpid") else {
            Issue.record("getpid not found")
            return
        }
        let code = UInt(bitPattern: symbol)
        let mappings = StartPages.mappings()
        #expect(mappings.contains { $0.start <= code && code < $0.end && $0.isReleasable })
        #expect(mappings.allSatisfy { $0.start < $0.end })
    }

    @Test func cleanPagesOfAFileLeaveAndReadTheSameAfterwardsAndAWrittenPageStays() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = 4
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("start-pages-\(UUID().uuidString)").path
        defer { unlink(path) }
        let contents = (0..<(page * pages)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / page) }
        try Data(contents).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // A read-only view of the file, as code and constants are mapped.
        let clean = try #require(mmap(nil, page * pages, PROT_READ, MAP_PRIVATE, descriptor, 0))
        // One mapped writable, its first page written, then made read-only: as the loader leaves a
        // relocated page (RELRO), or as a debugger's breakpoint leaves a page of code.
        let written = try #require(mmap(nil, page * pages, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0))
        defer { munmap(clean, page * pages); munmap(written, page * pages) }
        try #require(clean != MAP_FAILED && written != MAP_FAILED)
        written.storeBytes(of: 0xAB, toByteOffset: 5, as: UInt8.self)
        try #require(mprotect(written, page * pages, PROT_READ) == 0)
        var sum = 0
        for index in 0..<pages {
            sum &+= Int(clean.load(fromByteOffset: index * page, as: UInt8.self))
            sum &+= Int(written.load(fromByteOffset: index * page + 1, as: UInt8.self))
        }
        #expect(sum == (0..<pages).reduce(0) { $0 &+ Int(contents[$1 * page]) &+ Int(contents[$1 * page + 1]) })
        #expect(Self.present(clean, pages: pages, page: page) == Array(repeating: true, count: pages))
        #expect(Self.present(written, pages: pages, page: page) == Array(repeating: true, count: pages))

        let ours: Set<UInt> = [UInt(bitPattern: clean), UInt(bitPattern: written)]
        let released = StartPages.release { ours.contains($0.start) }

        #expect(released == 2 * pages - 1)
        #expect(Self.present(clean, pages: pages, page: page) == Array(repeating: false, count: pages))
        #expect(Self.present(written, pages: pages, page: page) == [true] + Array(repeating: false, count: pages - 1))
        #expect(Array(UnsafeRawBufferPointer(start: clean, count: page * pages)) == contents)
        var expected = contents
        expected[5] = 0xAB
        #expect(Array(UnsafeRawBufferPointer(start: written, count: page * pages)) == expected)
    }

    /// Whether each page from `start` is in the process's page tables (`/proc/self/pagemap`, bit 63).
    static func present(_ start: UnsafeMutableRawPointer, pages: Int, page: Int) -> [Bool] {
        let descriptor = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var entries = [UInt64](repeating: 0, count: pages)
        let offset = off_t(UInt(bitPattern: start) / UInt(page) * 8)
        let read = entries.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
        guard read == pages * 8 else { return [] }
        return entries.map { $0 >> 63 & 1 == 1 }
    }
}
