import Foundation
import LatchkeyWire

/// One committed write to an app's data tree, as streams and other nodes apply it: recorded in
/// the write's transaction as a ``ChangeKind/tree`` change (subject: the app id, payload: this
/// value as JSON), published on this node's ``ChangeBus`` at commit and heard by every other node
/// through the change feed.
///
/// `revision` counts the app's tree writes (1, 2, 3…, no gaps, in commit order: each write
/// transaction takes the next one from the app's head row, whose lock it holds to the commit), so a
/// stream that read a snapshot at revision N applies exactly the changes after N, in order, and
/// can tell a gap (a change still on its way) from a change it already has.
struct TreeChange: Codable, Sendable, Equatable {
    /// The kind of write, as the streaming protocol names its events.
    enum Operation: String, Codable, Sendable {
        /// `data` replaced the value at `path` (nil: deleted).
        case put
        /// Each member of `data` (an object of child paths relative to `path`) replaced that child.
        case patch
    }

    /// The app's tree revision this write produced.
    var revision: Int64
    /// `put` or `patch`.
    var operation: Operation
    /// Where the write happened, `/`-joined from the root (``DataPath/description``).
    var path: String
    /// The value written, with server values already resolved; nil for a delete.
    var data: JSONValue?
}

extension TreeChange {
    /// This change as the change feed carries it (JSON, members in order).
    var payload: String {
        payload(dataText: data.map { TreeJSON.text($0) })
    }

    /// The ``payload`` with `dataText`, ``data`` as JSON text written beforehand: a write of
    /// megabytes then spends none of its transaction writing it again.
    func payload(dataText: String?) -> String {
        var text = "{"
        if let dataText { text += "\"data\":" + dataText + "," }
        text += "\"operation\":\"" + operation.rawValue + "\",\"path\":"
        JSONText.appendQuoted(path, to: &text)
        return text + ",\"revision\":" + String(revision) + "}"
    }

    /// The change a ``payload`` holds; nil when it holds none.
    init?(payload: String) {
        guard case .object(let members)? = try? TreeJSONParser.parse(Data(payload.utf8), maximumDepth: .max),
            case .integer(let revision)? = members["revision"], case .string(let name)? = members["operation"],
            let operation = Operation(rawValue: name), case .string(let path)? = members["path"]
        else { return nil }
        let data = members["data"].flatMap { $0 == .null ? nil : $0 }
        self.init(revision: revision, operation: operation, path: path, data: data)
    }
}

extension ChangeKind {
    /// A write to an app's data tree; the subject is the app id, the payload a ``TreeChange``.
    static let tree: ChangeKind = "tree"
}
