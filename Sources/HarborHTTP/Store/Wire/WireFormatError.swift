/// A request or answer that is valid JSON but not a valid store operation (an unknown query
/// operator, a change without its body); the server answers it with 400.
struct WireFormatError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
