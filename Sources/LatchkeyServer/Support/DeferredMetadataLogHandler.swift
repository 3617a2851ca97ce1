public import Logging

/// swift-log's standard-error lines, with the logger's metadata rendered when a line is written
/// instead of each time the metadata changes.
///
/// `StreamLogHandler` renders its metadata into a string on every change, and every request
/// sets metadata (its request id) on its logger, while few requests write a line. This handler
/// keeps the metadata as it is and hands it to a `StreamLogHandler` with each line, so the lines
/// read exactly as before.
public struct DeferredMetadataLogHandler: LogHandler {
    private var lines: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// A handler labelled `label`, writing to standard error.
    public init(label: String) {
        lines = StreamLogHandler.standardError(label: label)
    }

    public var logLevel: Logger.Level {
        get { lines.logLevel }
        set { lines.logLevel = newValue }
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
        lines.log(event: event)
    }
}
