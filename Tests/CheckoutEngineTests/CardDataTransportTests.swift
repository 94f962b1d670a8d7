import CheckoutCore
import Foundation
import Testing
@testable import CheckoutEngine

/// Issue 18 ⑤: a card number and CVV are never sent in clear text off this machine.
@Suite struct CardDataTransportTests {
    @Test func cardDataGoesOverHTTPSOrToALoopbackServerOnly() {
        let allowed = ["https://api.primer.io/pci", "http://127.0.0.1:8080/pci", "http://localhost/pci", "http://[::1]:9/pci",
                       "http://127.5.6.7/x", "HTTPS://EXAMPLE.COM"]
        let refused = ["http://api.primer.io/pci", "http://127.a.b.c/pci", "http://127.0.0.1.example.com/", "http://10.0.0.1/",
                       "http://localhost.example.com/", "ftp://127.0.0.1/", "http://[::2]/"]
        for text in allowed { #expect(PrimerAPI.maySendCardData(to: URL(string: text)!), "\(text)") }
        for text in refused { #expect(!PrimerAPI.maySendCardData(to: URL(string: text)!), "\(text)") }
    }

    @Test func aConfigurationWhosePCIURLIsPlainHTTPElsewhereIsRefused() throws {
        let token = PrimerClientToken(accessToken: "a", configurationURL: URL(string: "https://x.example/config")!, expiresAt: .distantFuture)
        let json = try JSONValue(parsing: #"{"pciUrl":"http://pci.example.com","clientSession":{"amount":100}}"#)
        #expect(throws: PrimerFailure.self) { try PrimerConfiguration(json: json, token: token, sessionDefaults: ClientSession()) }
        do { _ = try PrimerConfiguration(json: json, token: token, sessionDefaults: ClientSession()) } catch {
            #expect(error.description.contains("plain http to another machine: card numbers are never sent in clear text"), "\(error)")
        }
        let fromToken = PrimerClientToken(accessToken: "a", configurationURL: URL(string: "https://x.example/config")!,
                                          pciURL: URL(string: "http://pci.example.com"), expiresAt: .distantFuture)
        let bare = try JSONValue(parsing: #"{"clientSession":{"amount":100}}"#)
        #expect(throws: PrimerFailure.self) { try PrimerConfiguration(json: bare, token: fromToken, sessionDefaults: ClientSession()) }
        let loopback = try JSONValue(parsing: #"{"pciUrl":"http://127.0.0.1:1/pci","clientSession":{"amount":100}}"#)
        #expect(try PrimerConfiguration(json: loopback, token: token, sessionDefaults: ClientSession()).pciURL.host == "127.0.0.1")
    }

    @Test func aPaymentServiceGivenPlainHTTPElsewhereSendsNothing() async throws {
        let token = PrimerClientToken(accessToken: "a", configurationURL: URL(string: "https://x.example/config")!, expiresAt: .distantFuture)
        var configuration = try PrimerConfiguration(json: try JSONValue(parsing: #"{"pciUrl":"https://pci.example","clientSession":{"amount":100}}"#),
                                                    token: token, sessionDefaults: ClientSession())
        configuration.pciURL = URL(string: "http://pci.example.com")!
        let service = PrimerCheckout(token: token, configuration: configuration).paymentService(ledger: nil)
        let request = PaymentRequest(id: "req_1", amount: 100, currency: "EUR", network: .visa, cardNumber: "4242424242424242",
                                     expiryDate: "12/30", cvv: "123", cardholderName: "J")
        let error = await #expect(throws: CheckoutError.self) { _ = try await service.pay(request) }
        #expect(error?.description.contains("The card was not sent") == true)
    }
}
