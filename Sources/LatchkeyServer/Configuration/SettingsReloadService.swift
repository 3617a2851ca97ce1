public import Logging
public import ServiceLifecycle
import UnixSignals

/// Reads the settings again when the process gets SIGHUP: applies what can change while serving
/// (``ServerSetting/isLive``, such as the log level) and names what changed but needs a restart. A
/// configuration that no longer reads or validates is refused whole, and the server keeps running
/// as it was.
public struct SettingsReloadService: Service {
    private let sources: SettingSources
    private let running: LatchkeyConfiguration
    private let applyLive: @Sendable (LatchkeyConfiguration) -> Void
    private let logger: Logger

    /// Reloads `sources` over what the server runs with, `running`; `applyLive` takes a new
    /// configuration's live settings.
    public init(
        sources: SettingSources,
        running: LatchkeyConfiguration,
        logger: Logger,
        applyLive: @escaping @Sendable (LatchkeyConfiguration) -> Void
    ) {
        self.sources = sources
        self.running = running
        self.logger = logger
        self.applyLive = applyLive
    }

    public func run() async throws {
        var running = running
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            running = await reload(over: running)
        }
    }

    /// Reads the sources again and applies the live settings; answers what now runs.
    func reload(over running: LatchkeyConfiguration) async -> LatchkeyConfiguration {
        let next: LatchkeyConfiguration
        do {
            next = try await sources.reloaded().resolve().configuration
        } catch {
            logger.error("the settings did not reload; the server keeps its previous ones", metadata: ["error": "\(error)"])
            return running
        }
        let changed = ServerSetting.all.filter { $0.show(running) != $0.show(next) }
        let live = changed.filter(\.isLive)
        let later = changed.filter { !$0.isLive }
        var applied = running
        for setting in live { setting.copy(from: next, to: &applied) }
        applyLive(applied)
        if live.isEmpty, later.isEmpty { logger.notice("reloaded the settings: nothing changed") }
        for setting in live {
            logger.notice("reloaded the settings: \(setting.name) is now \(setting.shown(in: applied) ?? "unset")")
        }
        if !later.isEmpty {
            logger.warning("reloaded the settings: changed, but applied only by a restart: \(later.map(\.name).joined(separator: ", "))")
        }
        return applied
    }
}
