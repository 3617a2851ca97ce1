import Crypto

/// The attestation object of a registration (WebAuthn §6.5.4): the authenticator data with the
/// new credential, and a statement about it. The server asks for `none` attestation; it accepts
/// `none` and verifies `packed` self attestation (the credential's key signing its own
/// registration). Statements chained to a vendor's certificate prove only who made the
/// authenticator, which this server does not ask, and are refused rather than taken unverified.
struct AttestationObject: Sendable {
    let authenticatorData: AuthenticatorData
    /// The new credential.
    let credential: AuthenticatorData.AttestedCredential

    /// Parses the object and verifies its statement over the client data's hash.
    init(_ bytes: [UInt8], clientDataHash: [UInt8]) throws(PasskeyRelyingParty.Failure) {
        guard let object = try? CBORReader.decode(bytes), let format = object["fmt"]?.text, let statement = object["attStmt"],
            case .map(let members) = statement, let authData = object["authData"]?.bytes
        else { throw .init(reason: "attestation_object") }
        let data: AuthenticatorData
        do { data = try AuthenticatorData(authData) } catch is COSEKey.Unsupported {
            throw .init(reason: "algorithm")
        } catch { throw .init(reason: "authenticator_data") }
        guard let credential = data.attestedCredential else { throw .init(reason: "authenticator_data") }
        switch format {
        case "none":
            guard members.isEmpty else { throw .init(reason: "attestation") }
        case "packed":
            guard statement["x5c"] == nil, statement["alg"]?.integer == credential.publicKey.algorithm, let signature = statement["sig"]?.bytes,
                credential.publicKey.isValidSignature(signature, for: authData + clientDataHash)
            else { throw .init(reason: "attestation") }
        default:
            throw .init(reason: "attestation")
        }
        authenticatorData = data
        self.credential = credential
    }
}
