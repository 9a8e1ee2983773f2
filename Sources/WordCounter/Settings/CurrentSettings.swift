public import Harbor
import Synchronization

/// The settings a running application uses, read from the database when it starts (and by a
/// watcher again every rescan) and kept here so that synchronous code such as
/// ``WordCounterServices/today`` can use them.
///
/// One per application, made by the composition root with its services: never shared between
/// applications.
public final class CurrentSettings: Sendable {
    private let current: Mutex<Settings>

    /// Starts with `settings` (the defaults until the database's are loaded).
    public init(_ settings: Settings = .defaults) {
        current = Mutex(settings)
    }

    /// The settings now.
    public var value: Settings { current.withLock { $0 } }

    /// Replaces the settings.
    public func replace(with settings: Settings) {
        current.withLock { $0 = settings }
    }

    /// Reads the settings from `persistence` (the defaults when none were ever changed), keeps
    /// them and returns them.
    @discardableResult
    public func reload(from persistence: Persistence) async throws -> Settings {
        let settings = try await persistence.repository(Settings.self).find(Settings.onlyID) ?? .defaults
        replace(with: settings)
        return settings
    }
}
