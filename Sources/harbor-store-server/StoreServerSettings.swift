import Configuration
import Foundation
import HarborSettings

/// What `harbor-store-server` serves, and how: each setting from its flag, else its environment
/// variable, else the configuration file, else its default.
struct StoreServerSettings {
    var store: StoreLocation
    var host: String
    var port: Int
    /// None when no token is set (or an empty one): then only loopback may listen.
    var token: String?
    var maxBodyBytes: Int
    var maxWait: Int

    /// Every setting, by its key in the file, its flag and its variable.
    static let names = [
        SettingName(key: "store", flag: "--store", variable: "HARBOR_STORE"),
        SettingName(key: "host", flag: "--host", variable: "HARBOR_STORE_HOST"),
        SettingName(key: "port", flag: "--port", variable: "HARBOR_STORE_PORT"),
        SettingName(key: "token", flag: "--token", variable: "HARBOR_STORE_TOKEN"),
        SettingName(key: "maxBodyBytes", flag: "--max-body-bytes", variable: "HARBOR_STORE_MAX_BODY_BYTES"),
        SettingName(key: "maxWait", flag: "--max-wait", variable: "HARBOR_STORE_MAX_WAIT"),
    ]
    /// The variable that names the configuration file when `--config` does not.
    static let fileVariable = "HARBOR_STORE_CONFIG"

    /// Reads the settings and checks them, naming where a bad one came from.
    init(from sources: SettingsSources) throws(SettingsError) {
        let read = try sources.read { config throws(SettingsError) in
            (
                store: config.string(forKey: "store"), host: config.string(forKey: "host", default: "127.0.0.1"),
                port: config.int(forKey: "port", default: 8095), token: config.string(forKey: "token"),
                maxBodyBytes: config.int(forKey: "maxBodyBytes", default: 16 << 20),
                maxWait: config.int(forKey: "maxWait", default: 60)
            )
        }
        guard let text = read.store else {
            throw SettingsError(
                key: "store",
                "name the store to serve: --store, HARBOR_STORE or \"store\" in the configuration file")
        }
        guard let store = StoreLocation(argument: text) else {
            throw sources.invalid(
                "store", "must be sqlite:PATH, json:FOLDER, postgres://USER@HOST/DB or memory, not '\(text)'")
        }
        guard (0...65_535).contains(read.port) else {
            throw sources.invalid("port", "must be 0 to 65535, not \(read.port)")
        }
        guard read.maxBodyBytes > 0 else { throw sources.invalid("maxBodyBytes", "must be positive") }
        guard read.maxWait >= 0 else { throw sources.invalid("maxWait", "must be 0 or more seconds") }
        let token = read.token.flatMap { $0.isEmpty ? nil : $0 }
        if let token {
            if token.allSatisfy(\.isWhitespace) {
                throw sources.invalid("token", "is only white space: give a real token (any visible characters)")
            }
            if token != token.trimmingCharacters(in: .whitespacesAndNewlines) {
                throw sources.invalid("token", "starts or ends with white space, which a client's header would lose")
            }
        }
        if token == nil, !["127.0.0.1", "localhost", "::1"].contains(read.host) {
            throw SettingsError(
                key: "host",
                "listening on \(read.host) lets other machines reach the store: set --token or HARBOR_STORE_TOKEN")
        }
        self.store = store
        self.host = read.host
        self.port = read.port
        self.token = token
        self.maxBodyBytes = read.maxBodyBytes
        self.maxWait = read.maxWait
    }
}
