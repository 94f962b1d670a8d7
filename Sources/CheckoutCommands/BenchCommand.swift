import CheckoutStore
import CheckoutCore
import CheckoutEngine
import FoundationEssentials
import Glibc

/// `checkout bench`: measures local detection and BIN-table lookups on one core.
///
/// Run it in release mode (`swift run -c release checkout bench`). The corpora are generated from a
/// fixed seed so runs are comparable; a checksum of every result is printed so the optimiser cannot
/// drop the work. Figures: detections per second over 1,000,000 mixed prefixes and full numbers,
/// the time to load a synthetic 1,000,000-range BIN table from a CSV file, the bytes kept per range,
/// resident memory after loading, and lookups per second on that table.
///
/// `checkout bench --bin-table FILE` loads FILE the way `--bin-table` does and prints the load's
/// figures only (`scripts/bench-compare.sh` reads them).
enum BenchCommand {
    static let corpusSize = 1_000_000
    static let passes = 5
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        do { options = try CommandLineOptions.parseOrExit(arguments, command: .bench).get() } catch {
            return error.status
        }
        guard options.positionals.isEmpty else { return options.usageError("takes no arguments") }
        if let path = options.binTablePath {
            return loadFigures(path: path) == nil ? 2 : 0
        }
        let catalogue: NetworkCatalogue
        do { catalogue = try Bundled.catalogue() } catch {
            FileHandleOutput.error("checkout bench: \(error)")
            return 2
        }
        #if DEBUG
        FileHandleOutput.line("note: debug build; run `swift run -c release checkout bench` for real figures")
        #endif

        var random = SplitMix64(seed: 0x5EED_C0DE)
        let corpus = DetectionCorpus(size: corpusSize, catalogue: catalogue, random: &random)
        let detection = measure(iterations: corpusSize * passes) { corpus.detectAll(catalogue, passes: passes) }
        FileHandleOutput.line("local detection: \(String(detection.rate / 1e6, fractionDigits: 1)) million/s over \(corpusSize) mixed "
                              + "prefixes and full numbers (\(passes) passes, checksum \(detection.checksum))")

        guard let csvPath = Self.writeTemporaryFile(syntheticTableCSV(ranges: corpusSize, random: &random)) else {
            FileHandleOutput.error("checkout bench: cannot write a temporary file in \(Self.temporaryDirectory)")
            return 2
        }
        defer { unlink(csvPath) }
        guard let table = loadFigures(path: csvPath) else { return 2 }

        var keys = [UInt32](repeating: 0, count: corpusSize)
        for index in keys.indices { keys[index] = UInt32(random.next() % 100_000_000) }
        let lookups = measure(iterations: corpusSize * passes) {
            var checksum: UInt64 = 0
            for _ in 0..<passes {
                for key in keys { checksum &+= UInt64(bitPattern: Int64(table.lookup(key: key))) }
            }
            return checksum
        }
        FileHandleOutput.line("BIN table lookups: \(String(lookups.rate / 1e6, fractionDigits: 1)) million/s on \(table.count) ranges "
                              + "(\(corpusSize) random keys x \(passes) passes, checksum \(lookups.checksum))")
        return 0
    }

    /// Loads the CSV file at `path` as `--bin-table` does and prints how long it took, what the
    /// table keeps and the peak memory; nil (after a message on standard error) when it cannot.
    /// `$TMPDIR`, else `/tmp`.
    private static var temporaryDirectory: String {
        ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Writes `text` to a new private file in ``temporaryDirectory`` (made by `mkstemps`) and
    /// returns its path, or nil when it cannot be created.
    private static func writeTemporaryFile(_ text: String) -> String? {
        var template = Array("\(temporaryDirectory)/checkout-bench-XXXXXX.csv".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard StandardOutput.writeAll(fd: descriptor, Array(text.utf8)) == nil else {
            unlink(path)
            return nil
        }
        return path
    }

    static func loadFigures(path: String) -> BinTable? {
        let start = ContinuousClock.now
        let startCPU = processCPUMilliseconds()
        let table: BinTable
        do { table = try BinTable(csvFile: path) } catch {
            FileHandleOutput.error("checkout bench: --bin-table \(path): \(error)")
            return nil
        }
        let loadTime = ContinuousClock.now - start
        let loadCPU = processCPUMilliseconds() - startCPU
        let wall = String(loadTime.milliseconds, fractionDigits: 0)
        let cpu = String(loadCPU, fractionDigits: 0)
        let kept = String(Double(table.byteCount) / 1e6, fractionDigits: 1)
        let perRange = String(Double(table.byteCount) / Double(max(table.count, 1)), fractionDigits: 1)
        FileHandleOutput.line("BIN table load: \(wall) ms (\(cpu) ms CPU) for \(table.count) ranges (\(table.answerCount) distinct answers) "
                              + "from CSV; \(kept) MB kept, \(perRange) bytes per range")
        let resident = String(memoryMegabytes("VmRSS:"), fractionDigits: 1)
        let peak = String(memoryMegabytes("VmHWM:"), fractionDigits: 1)
        FileHandleOutput.line("resident memory after loading: \(resident) MB (peak \(peak) MB)")
        return table
    }

    static func measure(iterations: Int, _ work: () -> UInt64) -> (rate: Double, checksum: UInt64) {
        let start = ContinuousClock.now
        let checksum = work()
        let seconds = (ContinuousClock.now - start).seconds
        return (Double(iterations) / max(seconds, 1e-9), checksum)
    }

    /// A CSV of `ranges` non-overlapping ranges with gaps between them, one network each.
    static func syntheticTableCSV(ranges: Int, random: inout SplitMix64) -> String {
        let networks = ["VISA", "MASTERCARD", "CARTES_BANCAIRES VISA", "AMEX", "DISCOVER", "EFTPOS VISA", "MAESTRO", "JCB"]
        let countries = ["FR", "US", "AU", "DE", "BE", "DK", "BR", "JP"]
        var csv = "iin_start,iin_end,networks,country,type\n"
        csv.reserveCapacity(ranges * 40)
        let step = UInt64(100_000_000 / ranges)
        for index in 0..<UInt64(ranges) {
            let low = index * step + random.next() % (step / 4)
            let high = low + random.next() % (step / 2)
            let pick = Int(random.next() % UInt64(networks.count))
            csv += pad8(low) + "," + pad8(high) + "," + networks[pick] + "," + countries[pick] + (pick % 2 == 0 ? ",CREDIT\n" : ",DEBIT\n")
        }
        return csv
    }

    static func pad8(_ value: UInt64) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The CPU time the process has used, in milliseconds (a loaded machine stretches wall time).
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    /// A memory figure of /proc/self/status (`VmRSS:`, `VmHWM:`), in megabytes; 0 where /proc is
    /// not available.
    static func memoryMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}

/// A million card numbers and prefixes as one flat UTF-8 buffer, so the loop measures detection
/// rather than string handling.
struct DetectionCorpus {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]

    init(size: Int, catalogue: NetworkCatalogue, random: inout SplitMix64) {
        let starts = ["4", "40117", "401178", "51", "2221", "2200", "34", "37", "6011", "65", "62", "622126",
                      "3056", "36", "3528", "5019", "5000", "600722", "9792", "1354", "504175", "6062", "637095", "589562"]
        bytes.reserveCapacity(size * 12)
        for _ in 0..<size {
            let start = starts[Int(random.next() % UInt64(starts.count))]
            let full = random.next() % 2 == 0
            let length = full ? 13 + Int(random.next() % 7) : 1 + Int(random.next() % 12)
            var number = Array(start.utf8.prefix(length))
            while number.count < length { number.append(48 + UInt8(random.next() % 10)) }
            bytes.append(contentsOf: number)
            offsets.append(bytes.count)
        }
    }

    func detectAll(_ catalogue: NetworkCatalogue, passes: Int) -> UInt64 {
        var checksum: UInt64 = 0
        bytes.withUnsafeBufferPointer { all in
            offsets.withUnsafeBufferPointer { offsets in
                for _ in 0..<passes {
                    for index in 0..<(offsets.count - 1) {
                        let slice = UnsafeBufferPointer(rebasing: all[offsets[index]..<offsets[index + 1]])
                        let detection = catalogue.detect(utf8: slice)
                        checksum &+= UInt64(detection.answer) &* 31 &+ UInt64(detection.digitCount)
                    }
                }
            }
        }
        return checksum
    }
}

/// A small, seeded pseudo-random generator (SplitMix64), so corpora are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: Double { seconds * 1000 }
}
