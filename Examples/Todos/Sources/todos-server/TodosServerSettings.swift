import Configuration
import HarborSettings

/// How `todos-server` listens: each setting from its flag, else its environment variable, else the
/// configuration file, else its default.
struct TodosServerSettings {
    var host: String
    var port: Int
    /// Milliseconds to wait before every answer.
    var delay: Int

    /// Every setting, by its key in the file, its flag and its variable.
    static let names = [
        SettingName(key: "host", flag: "--host", variable: "TODOS_SERVER_HOST"),
        SettingName(key: "port", flag: "--port", variable: "TODOS_SERVER_PORT"),
        SettingName(key: "delay", flag: "--delay", variable: "TODOS_SERVER_DELAY"),
    ]
    /// The variable that names the configuration file when `--config` does not.
    static let fileVariable = "TODOS_SERVER_CONFIG"

    /// Reads the settings and checks them, naming where a bad one came from.
    init(from sources: SettingsSources) throws(SettingsError) {
        let read = try sources.read { config throws(SettingsError) in
            (
                host: config.string(forKey: "host", default: "127.0.0.1"),
                port: config.int(forKey: "port", default: 8089),
                delay: config.int(forKey: "delay", default: 0)
            )
        }
        guard (0...65_535).contains(read.port) else {
            throw sources.invalid("port", "must be 0 to 65535, not \(read.port)")
        }
        guard read.delay >= 0 else { throw sources.invalid("delay", "must be 0 or more milliseconds") }
        self.host = read.host
        self.port = read.port
        self.delay = read.delay
    }
}
