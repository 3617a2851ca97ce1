/// Turns the bytes of a `text/event-stream` body, in chunks of any size, into events, as the
/// HTML Living Standard's "interpreting an event stream" says: lines end with CRLF, LF or CR (also
/// across chunks); `:` starts a comment; one space after the field's colon is dropped; `data:`
/// lines accumulate; a blank line dispatches, unless no data came; an `id` containing NUL is
/// ignored and an empty one clears it; `retry` counts only when all digits; a leading byte-order mark is skipped; and a
/// block the stream ends in without a blank line is dropped.
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastByteWasCR = false
    private var atStart = true
    private var type = ""
    private var data: [String] = []
    private var lastEventID: String?
    private var retry: Int?

    /// The events completed by `bytes`.
    mutating func parse(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if lastByteWasCR {
                lastByteWasCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                lastByteWasCR = true
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\n"):
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": type = String(value)
        case "data": data.append(String(value))
        case "id" where !value.contains("\0"): lastEventID = value.isEmpty ? nil : String(value)
        case "retry" where !value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isNumber }): retry = Int(value)
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            type = ""
            data = []
            retry = nil
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"), id: lastEventID, retry: retry)
    }
}
