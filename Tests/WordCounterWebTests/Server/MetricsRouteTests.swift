import HarborPrometheus
import Hummingbird
import HummingbirdTesting
import Metrics
import Testing
import WordCounter
import WordCounterWeb

/// `GET /metrics` on the dashboard's router: behind the same token and `Host` checks as the API.
/// The registry is filled through its factory (the test process's backend is `MetricsRecording`'s).
@Suite("GET /metrics")
struct MetricsRouteTests {
    static let token = AccessToken("metrics-token-for-tests") ?? AccessToken.generate()

    static func metrics() -> PrometheusMetrics {
        let metrics = PrometheusMetrics()
        Counter(label: "harbor_usecase_runs", dimensions: [("usecase", "ShowSummary")], factory: metrics.factory)
            .increment()
        return metrics
    }

    @Test("with a token: 401 without it, Prometheus text with it")
    func token() async throws {
        let fixture = WebFixture(token: Self.token, host: "0.0.0.0", metrics: Self.metrics())
        try await fixture.withClient { client in
            let refused = try await client.get("/metrics")
            #expect(refused.status == .unauthorized)
            #expect(!refused.text.contains("harbor_usecase_runs"))
            let scraped = try await client.get("/metrics", headers: [.authorization: "Bearer metrics-token-for-tests"])
            #expect(scraped.status == .ok)
            #expect(scraped.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(scraped.text.contains(#"harbor_usecase_runs{usecase="ShowSummary"} 1"#))
        }
    }

    @Test("without a token on loopback: a foreign Host is refused 421, a loopback one served")
    func host() async throws {
        let fixture = WebFixture(metrics: Self.metrics())
        try await fixture.withClient { client in
            let foreign = try await client.get("/metrics", headers: RootRestrictionTests.host("evil.example:8080"))
            #expect(foreign.status == .misdirectedRequest)
            let local = try await client.get("/metrics", headers: RootRestrictionTests.host("127.0.0.1:8080"))
            #expect(local.status == .ok)
        }
    }

    @Test(
        "HEAD answers without a body; other methods are 405 with Allow",
        arguments: [
            HTTPRequest.Method.post, .put, .delete,
        ])
    func methods(method: HTTPRequest.Method) async throws {
        let fixture = WebFixture(metrics: Self.metrics())
        try await fixture.withClient { client in
            let head = try await client.execute(uri: "/metrics", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            let other = try await client.execute(uri: "/metrics", method: method)
            #expect(other.status == .methodNotAllowed)
            #expect(other.headers[.allow] == "GET, HEAD")
        }
    }

    @Test("without metrics in the configuration /metrics is unknown: 404 for every method")
    func absent() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let get = try await client.get("/metrics")
            let post = try await client.execute(uri: "/metrics", method: .post)
            #expect(get.status == .notFound)
            #expect(post.status == .notFound)
        }
    }
}
