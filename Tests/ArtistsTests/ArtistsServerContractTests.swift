import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `artists-server` as its OpenAPI document describes it: what `scripts/openapi-fuzz`
/// found it answering otherwise, fixed, and the document it serves.
@Suite("artists-server answers as openapi.yaml says", .serialized, .timeLimit(.minutes(2)))
struct ArtistsServerContractTests {
    /// `Examples/Artists/Sources/artists-server/openapi.yaml`, as checked in.
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Artists/Sources/artists-server/openapi.yaml")

    /// `method url`: the status, the `Allow` header and the body.
    static func send(_ method: String, _ url: String) async throws -> (status: Int, allow: String?, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Allow"), String(decoding: data, as: UTF8.self))
    }

    @Test("GET /openapi.yaml is the checked-in document, byte for byte")
    func servesItsDocument() async throws {
        let expected = try String(contentsOf: Self.document, encoding: .utf8)
        try await ArtistsProcessTests.withServer { url in
            let served = try await Self.send("GET", url + "/openapi.yaml")
            #expect(served.status == 200)
            #expect(served.body == expected)
        }
    }

    @Test("a known path with another method is 405 with Allow; OPTIONS is 204 with Allow; HEAD answers")
    func methods() async throws {
        try await ArtistsProcessTests.withServer { url in
            let delete = try await Self.send("DELETE", url + "/artists/nina-simone")
            #expect(delete.status == 405)
            #expect(delete.allow == "GET, HEAD")
            #expect(delete.body.contains("\"error\""))
            let get = try await Self.send("GET", url + "/users/user-1/tracked/nina-simone")
            #expect(get.status == 405)
            #expect(get.allow == "PUT")
            let options = try await Self.send("OPTIONS", url + "/artists/nina-simone/touch")
            #expect(options.status == 204)
            #expect(options.allow == "POST")
            #expect(try await Self.send("HEAD", url + "/artists").status == 200)
            #expect(try await Self.send("GET", url + "/elsewhere").status == 404)
        }
    }
}
