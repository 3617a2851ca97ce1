/// The server's name and version, as `GET /v1/hello` reports them.
public enum LatchkeyVersion {
    /// The product name.
    public static let name = "Latchkey"
    /// The semantic version of this build.
    public static let current = "0.1.0"
}
