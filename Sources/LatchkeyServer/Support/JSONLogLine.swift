import Foundation
import Logging

/// One log line as a JSON object — `time` (RFC 3339, UTC), `level`, `label`, `message`, then the
/// metadata's members — written to standard error with one `write`, so lines from several threads
/// never interleave.
struct JSONLogLine {
    let event: LogEvent
    let label: String
    let provided: Logger.Metadata

    func write() {
        var object: [String: Any] = [:]
        for (key, value) in provided.merging(event.metadata ?? [:], uniquingKeysWith: { _, explicit in explicit }) {
            object[key] = Self.json(value)
        }
        object["time"] = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = event.message.description
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        line.append(UInt8(ascii: "\n"))
        _ = line.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let members): members.mapValues(json)
        }
    }
}
