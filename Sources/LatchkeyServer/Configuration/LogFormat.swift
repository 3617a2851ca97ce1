/// How the server writes its log lines.
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's lines, for people reading a terminal or the journal.
    case text
    /// One JSON object per line (time, level, label, message, metadata), for log shippers.
    case json
}
