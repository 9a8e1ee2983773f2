import Foundation
import HummingbirdTesting
import Testing

@testable import WordCounterWeb

/// `GET /openapi.yaml`: the checked-in OpenAPI document, as the real `wordcounter serve` serves it.
@Suite("GET /openapi.yaml")
struct OpenAPIDocumentTests {
    /// `Sources/WordCounterWeb/openapi.yaml`, as checked in.
    static let checkedIn = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/WordCounterWeb/openapi.yaml")

    @Test("the real server serves the checked-in document, byte for byte, behind its token")
    func servedAsCheckedIn() async throws {
        let expected = try Data(contentsOf: Self.checkedIn)
        let serve = try ServeProcess()
        let token = "openapi-document-token-0123"
        try serve.start("--token", token)
        let refused = try await serve.send("GET", "/openapi.yaml")
        #expect(refused.status == 401)
        #expect(!String(decoding: refused.body, as: UTF8.self).contains("openapi: 3.1"))
        let served = try await serve.send("GET", "/openapi.yaml", bearer: token)
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "application/yaml; charset=utf-8")
        #expect(served.body == expected)
        #expect(serve.stop() == 0)
    }

    /// The document's paths and the methods of each, lowercased: the keys indented by two spaces
    /// under `paths:`, and the method keys indented by four under each.
    static func documentedOperations() throws -> [String: Set<String>] {
        let document = try String(contentsOf: checkedIn, encoding: .utf8)
        let section = document.components(separatedBy: "\npaths:\n").last?.components(separatedBy: "\ncomponents:")
            .first
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]
        var operations: [String: Set<String>] = [:]
        var current: String?
        for line in (section ?? "").split(separator: "\n") {
            if line.hasPrefix("  /") {
                current = String(line.dropFirst(2).dropLast())
                operations[current ?? ""] = []
            } else if let current, line.hasPrefix("    "), !line.hasPrefix("     "),
                methods.contains(String(line.dropFirst(4).dropLast()))
            {
                operations[current, default: []].insert(String(line.dropFirst(4).dropLast()))
            }
        }
        return operations
    }

    @Test("every route of the server but the dashboard's page and forms is in the document, with its methods")
    func routesAreDocumented() throws {
        let documented = try Self.documentedOperations()
        let dashboard: Set<String> = ["/", "/goal", "/projects/:name"]
        let routes = WebServer.routes.adding(("metrics", [.get])).entries.filter { !dashboard.contains($0.path) }
        #expect(routes.count == documented.count)
        for route in routes {
            let path = route.path.split(separator: "/")
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            let methods = Set(route.methods.filter { $0 != .head }.map { $0.rawValue.lowercased() })
            #expect(documented["/" + path] == methods, "\(route.path) answers \(methods)")
        }
    }

    @Test("every path the document lists is a route of the server: none answers 404 'no route'")
    func documentedPathsAreRoutes() async throws {
        let paths = try Self.documentedOperations().keys.sorted()
        #expect(paths.count >= 10)
        let fixture = WebFixture(metrics: MetricsRouteTests.metrics())
        try await fixture.withClient { client in
            for path in paths where path != "/api/events" {
                let uri = path.replacingOccurrences(of: "{id}", with: "x").replacingOccurrences(of: "{name}", with: "x")
                let answer = try await client.execute(uri: uri, method: .options)
                #expect(answer.status == .noContent, "\(path) is not a route: \(answer.status)")
            }
        }
    }

    @Test("HEAD answers the headers without the body; POST is 405 with Allow")
    func methods() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let head = try await client.execute(uri: "/openapi.yaml", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "application/yaml; charset=utf-8")
            #expect(head.body.readableBytes == 0)
            let post = try await client.execute(uri: "/openapi.yaml", method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
        }
    }
}
