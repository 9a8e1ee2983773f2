/// One scalar answer or argument on the wire, `{"value": 3}`: a count, a position, a flag.
struct WireValue<Value: Codable & Sendable>: Codable, Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
