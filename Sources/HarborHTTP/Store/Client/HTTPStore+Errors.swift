import Foundation
import Harbor

extension HTTPStore {
    /// The store error a failed call stands for (`CancellationError` for a cancelled one).
    func storeError(_ error: HTTPServiceError) -> any Error {
        switch error.kind {
        case .cancelled:
            return CancellationError()
        case .connectionFailed(let reason):
            return StoreError.unavailable(location: location, reason: "could not connect: \(reason)")
        case .transport(let reason):
            return StoreError.unavailable(location: location, reason: "the connection broke: \(reason)")
        case .timeout(let after):
            return StoreError.unavailable(location: location, reason: "no answer within \(after)")
        case .status(let failure):
            return statusError(failure, error)
        case .undecodableBody, .invalidResponse:
            return StoreError.backend(
                location: location, reason: "the answer is not a store server's: \(error); is \(location) one?")
        case .invalidRequest(let reason):
            return StoreError.invalidData(nil, reason: reason)
        }
    }

    /// The JSON error body of a non-2xx answer, if it has one.
    func errorObject(_ failure: HTTPStatusFailure) -> StoreErrorObject? {
        try? decoder.decode(StoreErrorObject.self, from: Data(failure.bodyExcerpt.utf8))
    }

    private func statusError(_ failure: HTTPStatusFailure, _ error: HTTPServiceError) -> any Error {
        guard let object = errorObject(failure) else {
            if [502, 503, 504].contains(failure.status) {
                return StoreError.unavailable(location: location, reason: "HTTP \(failure.status)")
            }
            return StoreError.backend(
                location: location, reason: "\(error); is \(location) a harbor-store-server?")
        }
        if let storeError = object.storeError { return storeError }
        switch object.error {
        case "unauthorized":
            return StoreError.unauthorized(
                location: location,
                reason: "the server refused the request (HTTP 401): give HTTPStore the token the server was "
                    + "started with (--token or HARBOR_STORE_TOKEN)")
        case "tooLarge":
            return StoreError.backend(
                location: location,
                reason: "the server refused a request body as too large (HTTP 413): "
                    + "\(object.message); commit less at once or raise the server's --max-body-bytes")
        default:
            return StoreError.backend(
                location: location, reason: "HTTP \(failure.status) \(object.error): \(object.message)")
        }
    }
}
