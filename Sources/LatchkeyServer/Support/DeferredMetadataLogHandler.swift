public import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's log lines on standard error — swift-log's text lines, or one JSON object per line
/// (``LogFormat``) — with the logger's metadata rendered when a line is written instead of each
/// time the metadata changes, and one level for the whole process that a reload can change.
///
/// `StreamLogHandler` renders its metadata into a string on every change, and every request
/// sets metadata (its request id) on its logger, while few requests write a line. This handler
/// keeps the metadata as it is and hands it to a `StreamLogHandler` with each line, so the lines
/// read exactly as before.
public struct DeferredMetadataLogHandler: LogHandler {
    private var lines: StreamLogHandler
    private let label: String
    private let format: LogFormat
    private let level: LogLevelControl
    public var metadata: Logger.Metadata = [:]

    /// A handler labelled `label`, writing text lines to standard error at its own level.
    public init(label: String) {
        self.init(label: label, format: .text, level: LogLevelControl(.info))
    }

    /// A handler labelled `label`, writing `format` lines at the level `level` holds.
    public init(label: String, format: LogFormat, level: LogLevelControl) {
        lines = StreamLogHandler.standardError(label: label)
        self.label = label
        self.format = format
        self.level = level
    }

    public var logLevel: Logger.Level {
        get { level.current }
        set { level.current = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { lines.metadataProvider }
        set { lines.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        switch format {
        case .text: lines.log(event: event)
        case .json: JSONLogLine(event: event, label: label, provided: lines.metadataProvider?.get() ?? [:]).write()
        }
    }
}

/// The process's log level, shared by every logger's handler, so a reload changes it everywhere.
public final class LogLevelControl: Sendable {
    private let level: Mutex<Logger.Level>

    public init(_ level: Logger.Level) {
        self.level = Mutex(level)
    }

    /// The least severe level written.
    public var current: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }
}
