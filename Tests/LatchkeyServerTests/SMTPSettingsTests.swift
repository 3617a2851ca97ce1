import Foundation
import LatchkeyServer
import Testing

/// `serve` refuses smtp settings it could not send with, or that would send mail or a password
/// unencrypted to another machine, before it listens.
@Suite struct SMTPSettingsTests {
    static func configuration(_ change: (inout DeliveryConfiguration) -> Void = { _ in }) -> DeliveryConfiguration {
        var delivery = DeliveryConfiguration()
        delivery.emailSender = .smtp
        delivery.emailFrom = "no-reply@example.com"
        delivery.smtp.host = "smtp.example.com"
        delivery.smtp.username = "latchkey"
        delivery.smtp.password = "secret"
        change(&delivery)
        return delivery
    }

    @Test func completeSettingsPass() {
        #expect(Self.configuration().problem() == nil)
        #expect(
            Self.configuration {
                $0.smtp.security = .none
                $0.smtp.host = "127.0.0.1"
            }.problem() == nil
        )
        #expect(
            Self.configuration {
                $0.smtp.security = .none
                $0.smtp.username = nil
                $0.smtp.password = nil
                $0.smtp.allowsPlaintext = true
            }.problem() == nil
        )
    }

    @Test func incompleteOrUnsafeSettingsAreRefusedWithTheReason() {
        let cases: [(String, (inout DeliveryConfiguration) -> Void)] = [
            ("--smtp-host", { $0.smtp.host = nil }),
            ("--email-from", { $0.emailFrom = nil }),
            ("--email-from", { $0.emailFrom = "Latchkey <no-reply@example.com>" }),
            ("both --smtp-username", { $0.smtp.password = nil }),
            (
                "--smtp-allow-plaintext",
                {
                    $0.smtp.security = .none
                    $0.smtp.username = nil
                    $0.smtp.password = nil
                }
            ),
            (
                "password unencrypted",
                {
                    $0.smtp.security = .none
                    $0.smtp.allowsPlaintext = true
                }
            ),
            ("smtp-ca-file", { $0.smtp.trustRoots = "not a certificate" }),
            ("--smtp-helo-name", { $0.smtp.heloName = "bad name" }),
            ("email only", { $0.smsSender = .smtp }),
        ]
        for (reason, change) in cases {
            let problem = Self.configuration(change).problem()
            #expect(problem?.contains(reason) == true, "\(reason): \(problem ?? "nil")")
        }
    }

    @Test func theSMTPSenderRefusesToStartWithoutARelay() async throws {
        await #expect(throws: ConfigurationProblem.self) {
            _ = try await TestHarness.make(store: .sqlite) { _ in
            } configureServer: {
                $0.delivery.emailSender = .smtp
            }
        }
    }
}
