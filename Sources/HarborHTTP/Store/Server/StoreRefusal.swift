import Hummingbird

/// A request the server refuses before it reaches the store: bad JSON, an unknown route, a body
/// over the limit, a missing token. It is answered with its status and a JSON error body.
struct StoreRefusal: Error {
    let status: HTTPResponse.Status
    let object: StoreErrorObject

    init(_ status: HTTPResponse.Status, _ error: String, _ message: String) {
        self.status = status
        self.object = StoreErrorObject(error: error, message: message)
    }

    static func badRequest(_ message: String) -> StoreRefusal { StoreRefusal(.badRequest, "badRequest", message) }
}
