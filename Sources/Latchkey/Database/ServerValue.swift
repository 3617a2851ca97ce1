public import LatchkeyWire

/// Values the server fills in when it writes them (the protocol's `.sv` placeholders), usable
/// anywhere in a written value.
public enum ServerValue {
    /// The server's time of the write, in milliseconds since the Unix epoch.
    public static let timestamp: JSONValue = .object([".sv": .string("timestamp")])

    /// The stored number plus `delta` (the stored value counts as 0 when it is not a number),
    /// applied atomically by the server.
    public static func increment(_ delta: Int) -> JSONValue {
        .object([".sv": .object(["increment": .integer(Int64(delta))])])
    }

    /// ``increment(_:)-(Int)`` by a fractional `delta`.
    public static func increment(_ delta: Double) -> JSONValue {
        .object([".sv": .object(["increment": .number(delta)])])
    }
}
