#if canImport(Observation)
import Foundation
public import Observation

/// The client's auth state as an `@Observable` model for SwiftUI (and any Observation user): a
/// view that reads ``user`` redraws when someone signs in or out, tokens refresh or the profile
/// changes; one that reads ``isReachable`` when the server comes and goes. Changes arrive on the
/// main actor, in order.
///
/// ```swift
/// @State private var auth = LatchkeyAuthModel(latchkey: latchkey)
/// var body: some View { if auth.isSignedIn { HomeView() } else { SignInView() } }
/// ```
@MainActor
@Observable
public final class LatchkeyAuthModel {
    /// The signed-in user; nil when signed out.
    public private(set) var user: CurrentUser?
    /// Whether the last request reached the server (nil before any request).
    public private(set) var isReachable: Bool?
    /// The client this model follows.
    @ObservationIgnored public let latchkey: Latchkey
    @ObservationIgnored private let subscription: Subscription

    /// Whether a user is signed in.
    public var isSignedIn: Bool { user != nil }

    /// A model that follows `latchkey` from now until it is released.
    public init(latchkey: Latchkey) {
        self.latchkey = latchkey
        self.user = latchkey.currentUser
        self.isReachable = latchkey.isReachable
        self.subscription = Subscription(latchkey: latchkey)
        subscription.start(
            user: { [weak self] user in self?.user = user },
            reachable: { [weak self] reachable in self?.isReachable = reachable }
        )
    }

    /// The observer and the reachability stream behind a model; ended when the model goes away.
    private final class Subscription: Sendable {
        let latchkey: Latchkey
        private let handle = Locked<(observer: ObserverHandle?, reachability: Task<Void, Never>?)>((nil, nil))

        init(latchkey: Latchkey) { self.latchkey = latchkey }

        /// Hands each auth change and reachability change to the main actor, in order.
        func start(user: @escaping @MainActor @Sendable (CurrentUser?) -> Void, reachable: @escaping @MainActor @Sendable (Bool) -> Void) {
            let changes = latchkey.reachabilityChanges
            let reachability = Task { @MainActor in
                for await value in changes { reachable(value) }
            }
            let observer = latchkey.addAuthStateObserver { current in
                DispatchQueue.main.async { MainActor.assumeIsolated { user(current) } }
            }
            handle.withLock { $0 = (observer, reachability) }
        }

        deinit {
            let (observer, reachability) = handle.withLock { $0 }
            if let observer { latchkey.removeAuthStateObserver(observer) }
            reachability?.cancel()
        }
    }
}
#endif
