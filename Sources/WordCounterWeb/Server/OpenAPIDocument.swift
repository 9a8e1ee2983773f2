import Hummingbird

/// `GET /openapi.yaml`: the OpenAPI 3.1 document of the JSON API, `Sources/WordCounterWeb/openapi.yaml`,
/// compiled into the program, so what a server serves is the document it was built with.
///
/// Behind the same token and `Host` checks as every other route: it holds nothing secret (it is in
/// the repository), but a client that cannot pass those checks can use none of what it describes,
/// and one rule for every route leaves no exception to get wrong.
enum OpenAPIDocument {
    /// The document's media type (RFC 9512).
    static let mediaType = "application/yaml; charset=utf-8"

    /// The answer: the document's bytes, as checked in.
    static func response() -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: mediaType, .contentLength: String(PackageResources.openapi_yaml.count),
                .cacheControl: "no-cache",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
    }
}
