import Foundation
import HarborPostgres
import Testing

/// Reading `postgres://` URLs and finding the password as libpq does.
@Suite("PostgresStore.Configuration")
struct ConfigurationTests {
    @Test("a URL gives host, port, user, password, database and options")
    func fullURL() throws {
        let configuration = try PostgresStore.Configuration(
            url: "postgres://writer:s3cret@db.example:6543/novels?sslmode=require&schema=team", environment: [:])
        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "writer")
        #expect(configuration.password == "s3cret")
        #expect(configuration.database == "novels")
        #expect(configuration.schema == "team")
        #expect(configuration.tls == .require)
        #expect(configuration.description == "postgres://writer@db.example:6543/novels?schema=team")
        let plain = try PostgresStore.Configuration(url: "postgres://writer:s3cret@db.example/novels", environment: [:])
        #expect(plain.description == "postgres://writer@db.example:5432/novels")
    }

    @Test("without a password in the URL, PGPASSWORD gives it, then the password file")
    func passwordSources() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "pgpass").path
        try "# comment\nother:5432:*:writer:wrong\nlocalhost:5433:novels:writer:from\\:file\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let fromEnvironment = try PostgresStore.Configuration(
            url: "postgres://writer@127.0.0.1:5433/novels", environment: ["PGPASSWORD": "env", "PGPASSFILE": file])
        #expect(fromEnvironment.password == "env")
        let fromFile = try PostgresStore.Configuration(
            url: "postgres://writer@127.0.0.1:5433/novels", environment: ["PGPASSFILE": file])
        #expect(fromFile.password == "from:file")
        let none = try PostgresStore.Configuration(
            url: "postgres://writer@127.0.0.1:5434/novels", environment: ["PGPASSFILE": file])
        #expect(none.password == nil)
    }

    @Test("a bad URL is an error that does not quote the password")
    func badURL() {
        #expect(
            throws: PostgresStoreError.invalidURL(
                "postgres://u:***@h/db?sslmode=sometimes", reason: "sslmode must be disable, prefer or require")
        ) {
            try PostgresStore.Configuration(url: "postgres://u:hunter2@h/db?sslmode=sometimes", environment: [:])
        }
        #expect(throws: PostgresStoreError.self) {
            try PostgresStore.Configuration(url: "mysql://u@h/db", environment: [:])
        }
    }
}
