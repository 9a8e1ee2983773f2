import HarborTesting
import Testing

@Suite struct PostgresTestServerTests {
    @Test(.enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func migrates() throws {
        let url = try PostgresTestServer.freshURL(schemaPrefix: "coffee_")
        #expect(url.contains("schema=coffee_"))
    }

}
