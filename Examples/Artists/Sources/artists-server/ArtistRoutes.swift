import Artists
import ExampleServerEdges
import Foundation
import Hummingbird

/// The API's routes over an ``ArtistCatalog``, answering JSON errors (`{"error": …}`), as
/// `openapi.yaml` beside this file describes them (served at `GET /openapi.yaml`).
struct ArtistRoutes: Sendable {
    let catalog: ArtistCatalog
    let delay: Duration

    /// Every route's path and methods, for `405` and `Allow`.
    static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/openapi.yaml", [.get]), ("/artists", [.get]), ("/artists/:id", [.get]), ("/artists/:id/touch", [.post]),
        ("/users", [.post]), ("/users/:user/tracked/:id", [.put]),
    ]

    func router() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: SlowMiddleware(delay: delay))
        router.add(middleware: MethodNotAllowedMiddleware(routes: Self.routes) { Self.error($0, status: $1) })
        router.get("openapi.yaml") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
        }
        router.get("artists") { _, _ -> Response in
            try Self.json(catalog.summaries())
        }
        router.get("artists/:id") { _, context -> Response in
            guard let artist = catalog.artist(id: context.parameters.get("id") ?? "") else {
                return Self.error("no such artist", status: .notFound)
            }
            return try Self.json(artist)
        }
        router.post("artists/:id/touch") { _, context -> Response in
            guard let artist = catalog.touch(id: context.parameters.get("id") ?? "") else {
                return Self.error("no such artist", status: .notFound)
            }
            return try Self.json(artist)
        }
        router.post("users") { _, _ -> Response in
            try Self.json(catalog.register(), status: .created)
        }
        router.put("users/:user/tracked/:id") { _, context -> Response in
            let result = catalog.track(
                id: context.parameters.get("id") ?? "", userID: context.parameters.get("user") ?? "")
            switch result {
            case .success(let artist): return try Self.json(artist)
            case .failure(.unknownArtist): return Self.error("no such artist", status: .notFound)
            case .failure(.unknownUser): return Self.error("no such user; register again", status: .unauthorized)
            }
        }
        return router
    }

    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }

    static func error(_ message: String, status: HTTPResponse.Status = .badRequest) -> Response {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
