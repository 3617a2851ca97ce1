import Foundation

/// Completion-handler forms of the async API, for callback-style apps. Handlers run on an
/// arbitrary queue; hop to the main queue for UI work.
extension Latchkey {
    /// Callback form of ``signUp(username:password:dateOfBirth:country:parentEmail:)``.
    public func signUp(
        username: String, password: String, dateOfBirth: String? = nil, country: String? = nil, parentEmail: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) {
            try await self.signUp(username: username, password: password, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
        }
    }

    /// Callback form of ``signIn(username:password:)``.
    public func signIn(username: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(username: username, password: password) }
    }

    /// Callback form of ``signIn(email:password:)``.
    public func signIn(email: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(email: email, password: password) }
    }

    /// Callback form of ``signOut(everywhere:)``.
    public func signOut(everywhere: Bool = false, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signOut(everywhere: everywhere) }
    }

    private func deliver<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void, _ work: @escaping @Sendable () async throws -> T
    ) {
        Task {
            do {
                completion(.success(try await work()))
            } catch let error as LatchkeyError {
                completion(.failure(error))
            } catch {
                completion(.failure(.network(error.localizedDescription)))
            }
        }
    }
}
