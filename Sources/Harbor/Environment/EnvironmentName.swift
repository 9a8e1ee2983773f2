/// The name of an environment an application runs in: production, development, fake, or your own.
///
/// ```swift
/// let environment = EnvironmentName.resolve(flag: env, variable: "BOXES_ENV", processEnvironment: variables)
/// ```
public struct EnvironmentName: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The lower-case name, as typed on a command line.
    public let rawValue: String

    /// Creates a name; it is lower-cased so `Fake` and `fake` are one environment.
    public init(rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Real adapters and real data.
    public static let production: EnvironmentName = "production"
    /// Real adapters with development settings (a local database, verbose logs).
    public static let development: EnvironmentName = "development"
    /// In-memory adapters with optional delay and failure injection: no disk, no network.
    public static let fake: EnvironmentName = "fake"

    public var description: String { rawValue }

    /// Picks the environment: the command-line flag if given, else the environment variable, else `fallback`.
    public static func resolve(
        flag: String?,
        variable: String = "HARBOR_ENV",
        processEnvironment: [String: String],
        fallback: EnvironmentName = .production
    ) -> EnvironmentName {
        if let flag, !flag.isEmpty { return EnvironmentName(rawValue: flag) }
        if let value = processEnvironment[variable], !value.isEmpty { return EnvironmentName(rawValue: value) }
        return fallback
    }
}
