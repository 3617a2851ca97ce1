import Foundation
import LatchkeyWire
import Testing

/// The shared field rules and wire coding.
@Suite struct ValidationTests {
    @Test(arguments: ["alice", "Bob_99", "a.b-c", "x1y", String(repeating: "a", count: 32)])
    func validUsernames(_ name: String) { #expect(Validation.isValidUsername(name)) }

    @Test(arguments: ["ab", "-lead", ".dot", "has space", "émile", "semi;colon", "", String(repeating: "a", count: 33)])
    func invalidUsernames(_ name: String) { #expect(!Validation.isValidUsername(name)) }

    @Test(arguments: ["a@b.co", "first.last+tag@example.com", "x@sub.domain.org"])
    func validEmails(_ email: String) { #expect(Validation.isValidEmail(email)) }

    @Test(arguments: ["", "a", "a@", "@b.co", "a@b", "a b@c.io", "a@@b.io", "a@b..io", "a@-b.io", ".a@b.io", "a@b.c0m"])
    func invalidEmails(_ email: String) { #expect(!Validation.isValidEmail(email)) }

    @Test func datesOfBirth() {
        let today = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15
        #expect(Validation.isValidDateOfBirth("2012-02-29", today: today))
        #expect(!Validation.isValidDateOfBirth("2013-02-29", today: today))
        #expect(!Validation.isValidDateOfBirth("2012-13-01", today: today))
        #expect(!Validation.isValidDateOfBirth("2012-1-01", today: today))
        #expect(!Validation.isValidDateOfBirth("1899-12-31", today: today))
        #expect(!Validation.isValidDateOfBirth("2030-01-01", today: today))
        #expect(!Validation.isValidDateOfBirth("２０１２-01-01", today: today))
    }

    @Test func countries() {
        #expect(Validation.countryCodes.count == 249)
        #expect(Validation.isValidCountry("GB") && Validation.isValidCountry("CN") && Validation.isValidCountry("JP"))
        #expect(!Validation.isValidCountry("UK") && !Validation.isValidCountry("gb") && !Validation.isValidCountry("GBR"))
    }

    @Test func problemRoundTripsWithStableCodes() throws {
        let problem = Problem(
            title: "Validation failed",
            status: 422,
            code: .validationFailed,
            errors: [FieldError(field: "password", code: .invalidPassword, reason: PasswordRejection.tooShort.rawValue)]
        )
        let data = try WireCoding.makeEncoder().encode(problem)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""code":"validation_failed""#))
        #expect(text.contains(#""reason":"too_short""#))
        #expect(try WireCoding.makeDecoder().decode(Problem.self, from: data) == problem)
        #expect(Set(ErrorCode.allCases.map(\.rawValue)).count == ErrorCode.allCases.count)
    }

    @Test func unknownCodesDecodeWithTheirMessage() throws {
        let json =
            #"{"type":"about:blank","title":"Quota exceeded","status":403,"detail":"Upgrade your plan.","code":"quota_exceeded","errors":[{"field":"size","code":"too_big_for_plan"}]}"#
        let problem = try WireCoding.makeDecoder().decode(Problem.self, from: Data(json.utf8))
        #expect(problem.code == ErrorCode("quota_exceeded"))
        #expect(problem.code.rawValue == "quota_exceeded" && !ErrorCode.allCases.contains(problem.code))
        #expect(problem.title == "Quota exceeded" && problem.detail == "Upgrade your plan.")
        #expect(problem.errors?.first?.code.rawValue == "too_big_for_plan")
        #expect(String(decoding: try WireCoding.makeEncoder().encode(problem.code), as: UTF8.self) == #""quota_exceeded""#)
        switch problem.code {
        case .invalidToken: Issue.record("an unknown code matched a known one")
        default: break
        }
    }
}
