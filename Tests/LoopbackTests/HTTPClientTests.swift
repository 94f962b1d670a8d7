import CheckoutTestSupport
import Foundation
import Glibc
import Testing
@testable import CheckoutEngine

/// The HTTP client against the loopback stub server (real time: deadlines are a few hundred ms,
/// and the bounds asserted leave room for a loaded machine).
@Suite(.serialized) struct HTTPClientTests {
    let client = HTTPClient()

    func request(_ server: StubBinServer, _ path: String, method: HTTPRequest.Method = .get, headers: [HTTPHeader] = [],
                 body: Data? = nil, timeout: Duration = .seconds(5), cap: Int = HTTPRequest.defaultMaximumBodyBytes) -> HTTPRequest {
        HTTPRequest(method: method, url: URL(string: server.url.absoluteString + path)!, headers: headers, body: body,
                    timeout: timeout, maximumBodyBytes: cap)
    }

    @Test func returnsTheStatusHeadersAndBodyOfEveryNonRedirectAnswer() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        for status in [200, 201, 404, 418, 503] {
            let response = try await client.send(request(server, "/status/\(status)"))
            #expect(response.status == status)
            #expect(response.body == Data("status \(status)".utf8))
            #expect(response.value(forHeader: "content-type") == "text/plain")
        }
        let echo = try await client.send(request(server, "/echo"))
        #expect(echo.value(forHeader: "X-STUB") == "echo", "header names compare without case")
        #expect(echo.value(forHeader: "X-Absent") == nil)
    }

    @Test func sendsTheMethodHeadersAndBodyAsked() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        let body = Data(#"{"paymentInstrument":{"number":"4000…"}}"#.utf8)
        let response = try await client.send(request(server, "/echo", method: .post, headers: [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("X-Api-Version", "2.4"),
            HTTPHeader("Accept-Encoding", "gzip, br"),
        ], body: body))
        let echo = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(echo["method"] as? String == "POST")
        #expect(echo["path"] as? String == "/echo")
        #expect(echo["body"] as? String == String(decoding: body, as: UTF8.self))
        let headers = (echo["headers"] as? [[String]] ?? []).map { ($0[0].lowercased(), $0[1]) }
        func sent(_ name: String) -> [String] { headers.filter { $0.0 == name }.map(\.1) }
        #expect(sent("content-type") == ["application/json"])
        #expect(sent("x-api-version") == ["2.4"])
        #expect(sent("accept-encoding") == ["identity"], "the client's own Accept-Encoding replaces the caller's")
        #expect(sent("content-length") == ["\(body.count)"])
        #expect(sent("expect").isEmpty && sent("transfer-encoding").isEmpty)

        let emptyPost = try JSONSerialization.jsonObject(with: try await client.send(request(server, "/echo", method: .post)).body) as? [String: Any]
        #expect(emptyPost?["method"] as? String == "POST" && emptyPost?["body"] is NSNull)
        let emptyPostHeaders: [[String]] = (emptyPost?["headers"] as? [[String]]) ?? []
        #expect(emptyPostHeaders.contains(["Content-Length", "0"]))

        let get = try JSONSerialization.jsonObject(with: try await client.send(request(server, "/echo")).body) as? [String: Any]
        #expect(get?["method"] as? String == "GET" && get?["body"] is NSNull)
        let getHeaders: [[String]] = (get?["headers"] as? [[String]]) ?? []
        #expect(getHeaders.contains(["Accept-Encoding", "identity"]))
    }

    @Test func aBodyPastTheCapIsAbandonedWhetherItsLengthIsKnownOrNot() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        for path in ["/bytes", "/chunked-bytes"] {
            let exact = try await client.send(request(server, "\(path)/1000", cap: 1000))
            #expect(exact.body.count == 1000, "\(path): a body of exactly the cap is read")
            await #expect(throws: HTTPClient.Failure.tooLarge(limit: 1000), "\(path)") {
                try await client.send(request(server, "\(path)/1001", cap: 1000))
            }
        }
        for hostile in ["endless-body", "huge-length", "endless-chunked"] {
            let start = ContinuousClock.now
            await #expect(throws: HTTPClient.Failure.tooLarge(limit: 1 << 20), "\(hostile)") {
                try await client.send(request(server, "/\(hostile)/v1/bin-data/40000025"))
            }
            #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer, "\(hostile): ends at the cap, long before the deadline")
        }
        await #expect(throws: HTTPClient.Failure.tooLarge(limit: HTTPClient.maximumHeaderBytes)) {
            try await client.send(request(server, "/endless-headers"))
        }
    }

    @Test func redirectsAndEncodedBodiesAreRefusedAndNothingIsFollowed() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        await #expect(throws: HTTPClient.Failure.redirected(status: 302)) { try await client.send(request(server, "/redirect")) }
        await #expect(throws: HTTPClient.Failure.redirected(status: 302)) {
            try await client.send(request(server, "/redirect-away/v1/bin-data/40000025"))
        }
        #expect(!server.log().contains { $0.path.hasPrefix("/echo") || $0.path.hasPrefix("/honest") }, "no redirect was followed")
        await #expect(throws: HTTPClient.Failure.encoded("gzip")) { try await client.send(request(server, "/gzip")) }
        await #expect(throws: HTTPClient.Failure.encoded("gzip")) { try await client.send(request(server, "/gzip-bomb/v1/bin-data/40000025")) }
    }

    /// Bounds on real time are loose on purpose: they only have to tell the deadline from the
    /// server's 30 s, and a wait for the log ends as soon as the line is there; under the whole
    /// suite on two cores the python server took over 5 s to notice a closed connection.
    @Test func oneDeadlineCoversTheWholeExchange() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        // Headers at once, then a byte every 50 ms: each read is quick, the whole is endless.
        let start = ContinuousClock.now
        await #expect(throws: HTTPClient.Failure.timedOut) {
            try await client.send(request(server, "/drip/v1/bin-data/40000025", timeout: .milliseconds(300)))
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(300), "not before the deadline")
        #expect(elapsed < .seconds(15), "at the deadline, not when the server is done (30 s)")
        #expect(server.log().contains { $0.event == "GET" && $0.path.hasPrefix("/drip") }, "the request reached the server")
        #expect(await server.awaitLog(within: 20) { $0.event == "gone" && $0.path.hasPrefix("/drip") } != nil, "the connection was closed")
    }

    @Test func cancellingTheCallerEndsTheCallAtOnceAndTheTransferSoonAfter() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        let client = self.client
        let request = request(server, "/drip/v1/bin-data/40000025", timeout: .seconds(60))
        let call = Task { try await client.send(request) }
        #expect(await server.awaitLog(within: 10) { $0.path.hasPrefix("/drip") } != nil, "the request reached the server")
        let start = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        // Real time over a real socket: a cancelled caller returns in milliseconds, one that waits
        // for the transfer returns after the request's 60 s; 5 s is far above the first on two busy
        // cores (a 1 s bound once failed at 1.02 s there) and far below the second.
        #expect(ContinuousClock.now - start < beforeTheServersSlowAnswer, "the caller does not wait for the transfer")
        #expect(await server.awaitLog(within: 20) { $0.event == "gone" } != nil, "the transfer was abandoned, not left running for 60 s")

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(request)
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    }

    /// Issue 18 ⑦: 1,500 superseded lookups against a slow service kept 189 threads and 519
    /// descriptors at once (and ran libdispatch out of descriptors: it trapped). Transfers are
    /// capped, and one waiting for a slot that is cancelled is never sent.
    ///
    /// The slots filled here are a set of this test's own, as many as the process has: filling the
    /// process's slots held up the other suites' requests meanwhile (a fake Primer's configuration,
    /// asked with a 15 s deadline, timed out waiting for a slot in a CI run).
    @Test func transfersAreCappedAndCancelledWaitersAreNeverSent() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        let slots = TransferSlots(count: HTTPClient.maximumTransfers)
        let client = HTTPClient(slots: slots)
        // 11111111 answers after 60 s, far later than this test runs.
        let slow = request(server, "/v1/bin-data/11111111", timeout: .seconds(30))
        let calls = (0..<20).map { _ in Task { try await client.send(slow) } }
        func waitUntil(_ condition: () -> Bool) async {
            for _ in 0..<1000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
        }
        await waitUntil { server.log().count == HTTPClient.maximumTransfers }
        #expect(slots.inUse == HTTPClient.maximumTransfers)
        #expect(server.log().count == HTTPClient.maximumTransfers, "the others wait for a slot")
        let elsewhere = try await HTTPClient().send(request(server, "/status/200"))
        #expect(elsewhere.status == 200, "a request of another client meanwhile takes none of these slots and waits for none")
        let slowOnes = { server.log().filter { $0.event == "GET" && $0.path.hasSuffix("/11111111") }.count }
        // The waiting ones first (newest first, as superseded lookups go), then those running.
        for call in calls.reversed() { call.cancel() }
        for call in calls { await #expect(throws: CancellationError.self) { try await call.value } }
        await waitUntil { slots.inUse == 0 }
        #expect(slots.inUse == 0, "every transfer ended, long before the server answers")
        #expect(slowOnes() == HTTPClient.maximumTransfers, "a cancelled waiter is never sent")
        let after = try await client.send(request(server, "/status/200"))
        #expect(after.status == 200, "the slots are free again")
    }

    /// A cancelled exchange shuts its transfer's sockets down, so a transfer blocked reading one
    /// returns at once; a socket the transfer has closed is never touched again.
    @Test func cancellingShutsTheTransfersSocketsDown() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { Glibc.close(pair[1]) }
        let exchange = HTTPExchange(deadline: .now + .seconds(60))
        exchange.opened(pair[0])
        exchange.cancel()
        var byte: UInt8 = 0
        #expect(recv(pair[1], &byte, 1, Int32(MSG_DONTWAIT)) == 0, "the peer sees the end of the stream: shut down")
        #expect(exchange.close(pair[0]) == 0)
        let late = HTTPExchange(deadline: .now + .seconds(60))
        late.cancel()
        var second: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &second) == 0)
        defer { Glibc.close(second[1]) }
        late.opened(second[0])
        #expect(recv(second[1], &byte, 1, Int32(MSG_DONTWAIT)) == 0, "a socket opened after the cancel is shut down as it opens")
        #expect(late.close(second[0]) == 0)
    }

    @Test func requestsThatCannotBeSentSafelyAreRefusedBeforeAnyConnection() async throws {
        let server = try StubBinServer.start()
        defer { server.stop() }
        for url in ["ftp://127.0.0.1/x", "file:///etc/passwd", "gopher://127.0.0.1/x"] {
            await #expect(throws: HTTPClient.Failure.invalidRequest("only http and https URLs are fetched"), "\(url)") {
                try await client.send(HTTPRequest(url: URL(string: url)!, timeout: .seconds(1)))
            }
        }
        for header in [HTTPHeader("X-Evil", "a\r\nHost: elsewhere"), HTTPHeader("X-Evil", "a\nb"), HTTPHeader("Bad Name", "x"),
                       HTTPHeader("", "x"), HTTPHeader("X:Y", "x")] {
            await #expect(throws: HTTPClient.Failure.self, "\(header)") {
                try await client.send(request(server, "/echo", headers: [header]))
            }
        }
        #expect(server.log().isEmpty, "nothing reached the server")
        await #expect(throws: HTTPClient.Failure.self) { try await client.send(HTTPRequest(url: server.refusedURL, timeout: .seconds(5))) }
    }

    @Test func withoutLibcurlEveryRequestFailsWithAMessageNamingThePackage() throws {
        guard case let .failure(failure) = LibCurl.load(named: "libcurl-absent-for-this-test.so.4") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        guard case .libcurlUnavailable = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(failure.description.hasPrefix("HTTP needs libcurl (Debian package libcurl4): libcurl-absent-for-this-test.so.4"))
        #expect(HTTPBinDataService.Failure(failure) == .libcurlUnavailable)
        #expect(HTTPBinDataService.Failure(failure).description == "the HTTP BIN service needs libcurl (Debian package libcurl4)")
    }
}
