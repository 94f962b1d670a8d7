import CheckoutTestSupport
import Foundation
import Testing

/// The real `checkout` against BIN services that try to exhaust its memory, hold it past its
/// timeout, redirect it, or answer for another card (the loopback stub server's hostile routes).
///
/// Each must end in LOCAL_FALLBACK within the 1000 ms timeout + 100 ms, with the process's peak
/// resident memory under 64 MB. The time is counted from the moment the request reached the server
/// (its log, on `CLOCK_MONOTONIC`) to the moment the process exited (stamped as it is reaped, on the
/// same clock), so that starting a process on a loaded machine is not charged to the HTTP client.
/// The bound is the issue's, exactly; so that a moment of load on a shared machine cannot fail it,
/// a run over it is tried again, up to three runs: a client that ignores its deadline fails all three.
@Suite(.serialized) struct HostileBinServiceTests {
    static let timeoutMilliseconds = 1000
    static let card = "4000002500001001"

    struct Run {
        var result: ChildProcess.Result
        var objects: [[String: Any]]
        /// From the request's arrival at the server to the process's exit.
        var requestToExit: Duration?
    }

    func detect(_ server: StubBinServer, _ service: String, timeoutMilliseconds: Int = Self.timeoutMilliseconds) async throws -> Run {
        let result = try await ChildProcess.runAsync(ChildProcess.checkoutBinary, [
            "detect", "--bin-service", server.url.absoluteString + "/" + service,
            "--bin-timeout", "\(timeoutMilliseconds)", "-",
        ], input: Self.card + "\n", timeout: 60, measuring: true)
        let objects = result.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        let request = server.log().last { $0.event == "GET" && $0.path.hasPrefix("/\(service)/") }
        var requestToExit: Duration?
        if let request, let exited = result.exitedAt {
            requestToExit = .nanoseconds(Int64(exited) - Int64(request.nanoseconds))
        }
        return Run(result: result, objects: objects, requestToExit: requestToExit)
    }

    static func network(_ object: [String: Any]?) -> String? {
        ((object?["detectedCardNetworks"] as? [String: Any])?["preferred"] as? [String: Any])?["network"] as? String
    }

    @Test func theControlAnswerIsTakenSoTheHarnessCanTellAcceptanceFromRefusal() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        // Answers that are believed: a long timeout, so a busy machine cannot turn one into a fallback.
        let run = try await detect(server, "honest", timeoutMilliseconds: 30_000)
        #expect(run.result.status == 0)
        #expect(run.objects.first?["source"] as? String == "REMOTE")
        #expect(Self.network(run.objects.first) == "AMEX", "a well-formed answer for the BIN asked is believed")
        // An answer that names no digits is not about another card: Primer's SDK models firstDigits as
        // optional (Primer iOS SDK 2.51.1, Modules/PrimerNetworking/.../APIModels/Bin.swift).
        let unnamed = try await detect(server, "no-first-digits", timeoutMilliseconds: 30_000)
        #expect(unnamed.objects.first?["source"] as? String == "REMOTE" && Self.network(unnamed.objects.first) == "AMEX")
    }

    @Test(arguments: [
        "endless-body", "huge-length", "gzip-bomb", "endless-chunked", "drip",
        "redirect-loop", "redirect-away",
        "empty-first-digits", "short-first-digits", "other-first-digits",
    ])
    func aHostileServiceEndsInLocalFallbackWithinTheTimeoutAndUnder64MB(service: String) async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        let bound = Duration.milliseconds(Self.timeoutMilliseconds + 100)
        var times: [Duration] = []
        repeat {
            let run = try await detect(server, service)
            #expect(run.result.status == 0, "\(run.result.stderr)")
            #expect(run.objects.count == 1)
            #expect(run.objects.first?["cardNumber"] as? String == Self.card)
            #expect(run.objects.first?["source"] as? String == "LOCAL_FALLBACK")
            #expect(Self.network(run.objects.first) == "VISA", "the card is not taken for what the service claims")
            let peak = try #require(run.result.peakResidentBytes)
            #expect(peak < 64 << 20, "peak resident memory \(peak >> 10) KiB")
            times.append(try #require(run.requestToExit, "the request reached the server"))
        } while times.last! >= bound && times.count < 3
        #expect(times.last! < bound, "from the request to the exit, each run: \(times)")
        #expect(!server.log().contains { $0.path.hasPrefix("/honest") }, "no redirect was followed")
    }

    @Test func eventsFallsBackTheSameWay() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for service in ["endless-body", "gzip-bomb"] {
            let raw = #"{"rawData":{"cardNumber":"\#(Self.card)","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}"#
            let result = try await ChildProcess.runAsync(ChildProcess.checkoutBinary, [
                "events", "--bin-service", server.url.absoluteString + "/" + service, "--bin-timeout", "1000",
                "--debounce", "0", "--data-dir", directory.path,
            ], input: raw + "\n" + #"{"sleep":1500}"# + "\n", timeout: 60, measuring: true)
            #expect(result.status == 0, "\(service): \(result.stderr)")
            let sources = result.lines.compactMap { line -> String? in
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                return (object?["metadata"] as? [String: Any])?["source"] as? String
            }
            #expect(sources.last == "LOCAL_FALLBACK", "\(service): \(sources)")
            let peak = try #require(result.peakResidentBytes)
            #expect(peak < 64 << 20, "\(service): \(peak >> 10) KiB")
        }
    }
}
