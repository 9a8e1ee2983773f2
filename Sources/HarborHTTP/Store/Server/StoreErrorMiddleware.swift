import Foundation
import Harbor
import Hummingbird
import Logging
import NIOCore
import NIOFoundationCompat

/// Turns every error a route throws — and the router's own 404 — into a JSON error answer, so a
/// client always gets `{"error": …, "message": …}` and the server never drops a connection over
/// a bad request.
struct StoreErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let refusal as StoreRefusal {
            logger.debug(
                "refused \(request.method) \(request.uri.path)", metadata: ["error": "\(refusal.object.message)"])
            return Self.answer(refusal.status, refusal.object)
        } catch let error as StoreError {
            let (status, object) = Self.answer(to: error, logger: logger)
            return Self.answer(status, object)
        } catch let error as HTTPError {
            if error.status == .notFound {
                let message = "no route \(request.method) \(request.uri.path); see docs/http.md for the store's routes"
                return Self.answer(.notFound, StoreErrorObject(error: "notFound", message: message))
            }
            return Self.answer(error.status, StoreErrorObject(error: "badRequest", message: error.body ?? "\(error)"))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let (status, object) = Self.answer(to: error, logger: logger)
            return Self.answer(status, object)
        }
    }

    /// The status and body that answer a store's error; any other error is logged and wrapped as
    /// `StoreError.backend(location:reason:)` with 500.
    static func answer(to error: any Error, logger: Logger) -> (HTTPResponse.Status, StoreErrorObject) {
        if let error = error as? StoreError {
            return (HTTPResponse.Status(code: StoreErrorObject.status(of: error)), StoreErrorObject(error))
        }
        logger.warning("store operation failed", metadata: ["error": "\(error)"])
        let wrapped = StoreError.backend(location: "harbor-store-server", reason: "\(error)")
        return (.internalServerError, StoreErrorObject(wrapped))
    }

    static func answer(_ status: HTTPResponse.Status, _ object: StoreErrorObject) -> Response {
        let body =
            (try? StoreWire.makeEncoder().encodeAsByteBuffer(object, allocator: ByteBufferAllocator()))
            ?? ByteBuffer(string: #"{"error":"internal","message":"the error could not be encoded"}"#)
        return Response(
            status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
    }
}
