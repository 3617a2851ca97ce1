import LatchkeyWire

extension JSONValue {
    /// The value `relative` below this one: nil when a key on the way is missing or reaches a
    /// leaf. An array's elements are its children `"0"`, `"1"`…, as the protocol stores them.
    func descendant(at relative: DataPath) -> JSONValue? {
        relative.keys.reduce(Optional(self)) { value, key in
            switch value {
            case .object(let members)?: members[key]
            case .array(let elements)?: Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
            default: nil
            }
        }
    }
}
