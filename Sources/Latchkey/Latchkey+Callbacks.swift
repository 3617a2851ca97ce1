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

    /// Callback form of ``signUp(email:password:)``.
    public func signUp(email: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signUp(email: email, password: password) }
    }

    /// Callback form of ``signIn(accessToken:)``.
    public func signIn(accessToken: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(accessToken: accessToken) }
    }

    /// Callback form of ``reloadUser()``.
    public func reloadUser(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.reloadUser() }
    }

    /// Callback form of ``updateUser(username:dateOfBirth:country:parentEmail:)``.
    public func updateUser(
        username: String? = nil, dateOfBirth: String? = nil, country: String? = nil, parentEmail: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) {
            try await self.updateUser(username: username, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
        }
    }

    /// Callback form of ``changePassword(current:new:)``.
    public func changePassword(current: String, new: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.changePassword(current: current, new: new) }
    }

    /// Callback form of ``deleteAccount()``.
    public func deleteAccount(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.deleteAccount() }
    }

    /// Callback form of ``hello()``.
    public func hello(completion: @escaping @Sendable (Result<HelloResponse, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.hello() }
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
                // Only URLSession-level failures reach here; everything else is already typed.
                completion(.failure(.network(error.localizedDescription)))
            }
        }
    }
}
