import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `todos-server` as its OpenAPI document describes it: what `scripts/openapi-fuzz`
/// found it answering otherwise, each fixed, the answers of the generated code to requests it
/// cannot read, and the document it serves.
@Suite("todos-server answers as openapi.yaml says", .serialized, .timeLimit(.minutes(2)))
struct TodosServerContractTests {
    /// `Examples/Todos/Sources/todos-server/openapi.yaml`, as checked in.
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Todos/Sources/todos-server/openapi.yaml")

    /// `method url` with an optional body (JSON unless `contentType` says otherwise): the status,
    /// the `Allow` header and the body.
    static func send(
        _ method: String, _ url: String, json: String? = nil, contentType: String = "application/json"
    ) async throws -> (status: Int, allow: String?, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Allow"), String(decoding: data, as: UTF8.self))
    }

    @Test("GET /openapi.yaml is the checked-in document, byte for byte")
    func servesItsDocument() async throws {
        let expected = try String(contentsOf: Self.document, encoding: .utf8)
        try await TodosProcessTests.withServer { url in
            let served = try await Self.send("GET", url + "/openapi.yaml")
            #expect(served.status == 200)
            #expect(served.body == expected)
        }
    }

    @Test("a query value that is not a number or a boolean is a 400 naming it, not a silent 'all'")
    func badQuery() async throws {
        try await TodosProcessTests.withServer { url in
            let user = try await Self.send("GET", url + "/todos?userId=99999999999999999999")
            #expect(user.status == 400)
            #expect(user.body.contains("'userId' must be a whole number"), "\(user.body)")
            let completed = try await Self.send("GET", url + "/todos?completed=maybe")
            #expect(completed.status == 400)
            #expect(completed.body.contains("'completed' must be true or false"), "\(completed.body)")
            #expect(try await Self.send("GET", url + "/todos?userId=1&completed=true").status == 200)
        }
    }

    @Test("a known path with another method is 405 with Allow; OPTIONS is 204 with Allow; HEAD answers")
    func methods() async throws {
        try await TodosProcessTests.withServer { url in
            let delete = try await Self.send("DELETE", url + "/todos")
            #expect(delete.status == 405)
            #expect(delete.allow == "GET, HEAD, POST")
            #expect(delete.body.contains("\"error\""))
            let put = try await Self.send("PUT", url + "/todos/1")
            #expect(put.status == 405)
            #expect(put.allow == "GET, HEAD, PATCH")
            let options = try await Self.send("OPTIONS", url + "/openapi.yaml")
            #expect(options.status == 204)
            #expect(options.allow == "GET, HEAD")
            #expect(try await Self.send("HEAD", url + "/todos").status == 200)
            #expect(try await Self.send("DELETE", url + "/elsewhere").status == 404)
        }
    }

    @Test("what the generated code cannot read is a 4xx with a JSON error naming it, and changes nothing")
    func unreadableRequests() async throws {
        try await TodosProcessTests.withServer { url in
            let id = try await Self.send("GET", url + "/todos/first")
            #expect(id.status == 400)
            #expect(id.body == #"{"error":"'id' must be a whole number, not 'first'"}"#)
            let missing = try await Self.send("POST", url + "/todos", json: #"{"userId": 1, "completed": false}"#)
            #expect(missing.status == 400)
            #expect(missing.body.contains("missing field 'title'"), "\(missing.body)")
            let array = try await Self.send("POST", url + "/todos", json: "[]")
            #expect(array.status == 400)
            #expect(array.body.contains("the body must be a JSON object"), "\(array.body)")
            let text = try await Self.send(
                "POST", url + "/todos", json: #"{"userId": 1, "title": "Tea", "completed": false}"#,
                contentType: "text/plain")
            #expect(text.status == 415)
            #expect(text.body.contains("application"), "\(text.body)")
            let large = String(repeating: "a", count: 70_000)
            let tooLarge = try await Self.send(
                "POST", url + "/todos", json: #"{"userId": 1, "title": "\#(large)", "completed": false}"#)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.body.contains("larger than 65536 bytes"), "\(tooLarge.body)")
            let listed = try await Self.send("GET", url + "/todos")
            #expect(listed.status == 200)
            #expect(!listed.body.contains("Tea") && listed.body.contains("Call the plumber"))
        }
    }

    @Test("a title's length is counted in Unicode scalars, as the document's maxLength counts it")
    func titleLength() async throws {
        try await TodosProcessTests.withServer { url in
            // 150 characters as a reader sees them, 300 Unicode scalars (e + a combining accent).
            let accented = String(repeating: "e\u{301}", count: 150)
            let refused = try await Self.send(
                "POST", url + "/todos", json: #"{"userId": 1, "title": "\#(accented)", "completed": false}"#)
            #expect(refused.status == 400)
            #expect(refused.body.contains("1 to 200 characters"), "\(refused.body)")
            let longest = String(repeating: "a", count: 200)
            let accepted = try await Self.send(
                "POST", url + "/todos", json: #"{"userId": 1, "title": "\#(longest)", "completed": false}"#)
            #expect(accepted.status == 201)
        }
    }
}
