/// One setting a server reads, by its three names: its key in the configuration file, the flag
/// and the environment variable that also set it.
public struct SettingName: Sendable, Hashable {
    /// The key in the JSON configuration file, and the key the server's `ConfigReader` reads:
    /// `port`, `maxBodyBytes`.
    public let key: String
    /// The command-line flag: `--port`.
    public let flag: String
    /// The environment variable: `HARBOR_STORE_PORT`.
    public let variable: String

    public init(key: String, flag: String, variable: String) {
        self.key = key
        self.flag = flag
        self.variable = variable
    }
}
