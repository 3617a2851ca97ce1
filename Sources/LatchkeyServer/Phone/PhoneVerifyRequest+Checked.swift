import HTTPTypes
import LatchkeyWire

extension PhoneVerifyRequest {
    /// The request's number, after refusing what no sent PIN can match: a number that is not
    /// E.164 (`400 invalid_phone`), an over-long request id or PIN (`400 code_expired`, as an
    /// unknown request is).
    func checkedPhone() throws -> PhoneNumber {
        guard let number = PhoneNumber(phone) else { throw PhoneSignIn.invalidPhone() }
        guard requestId.utf8.count <= 64, pin.utf8.count <= 16 else { throw APIError(.badRequest, .codeExpired) }
        return number
    }
}
