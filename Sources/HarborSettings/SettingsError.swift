/// A server setting that cannot be used: a bad value, naming its key and where it came from, or a
/// configuration file that cannot be read. The server starts nothing.
public struct SettingsError: Error, CustomStringConvertible, Sendable {
    /// The setting's key in the configuration file (`port`), when one setting is at fault.
    public let key: String?
    public let description: String

    public init(key: String?, _ description: String) {
        self.key = key
        self.description = description
    }
}
