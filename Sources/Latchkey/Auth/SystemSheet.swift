#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
import Foundation

/// Waits for a system sheet (the web login's or the passkey sheet's) to answer. Whichever comes
/// first resumes the waiting task, and only it: the sheet's callback, a failure to show it, or the
/// task's cancellation, which also dismisses the sheet. The system may still call back after a
/// cancellation (Apple documents that a cancelled `ASAuthorizationController` calls its delegate;
/// `ASWebAuthenticationSession` documents nothing), so the continuation must not rely on it and
/// must not be resumed twice.
///
/// `present` shows the sheet and hands it `answer`, callable from any thread; `dismiss` closes
/// it on the main actor; `cancelled` is what a cancelled task throws.
@MainActor
func awaitSystemSheet<Value: Sendable>(
    cancelled: LatchkeyError,
    dismiss: @escaping @MainActor @Sendable () -> Void,
    present: (_ answer: @escaping @Sendable (Result<Value, any Error>) -> Void) throws -> Void
) async throws -> Value {
    let waiting = Locked<CheckedContinuation<Value, any Error>?>(nil)
    let answer: @Sendable (Result<Value, any Error>) -> Void = { result in
        waiting.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume(with: result)
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            waiting.withLock { $0 = continuation }
            // Already cancelled: nothing is shown, and the handler's answer comes second.
            guard !Task.isCancelled else { return answer(.failure(cancelled)) }
            do { try present(answer) } catch { answer(.failure(error)) }
        }
    } onCancel: {
        // Dismissed before the task resumes: once resumed, the caller lets go of the sheet.
        Task { @MainActor in
            dismiss()
            answer(.failure(cancelled))
        }
    }
}
#endif
