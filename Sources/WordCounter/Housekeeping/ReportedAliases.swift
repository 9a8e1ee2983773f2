public import Harbor

/// The other names of tracked files (hard and symbolic links) that `update` has told the writer
/// about on one machine, so that each is said once, when first found, not on every update.
///
/// Only what was said: the names are still skipped by every update whether or not they are here.
public struct ReportedAliases: Aggregate, Equatable {
    public static let collection = "reported_aliases"

    /// The machine the names were found on (``id(machine:)``).
    public let id: String
    /// The names, sorted by their bytes.
    public var paths: [String]

    /// Creates the record of `paths` reported on `machine`.
    public init(machine: String?, paths: [String]) {
        id = Self.id(machine: machine)
        self.paths = paths.sorted(by: PathBytes.precedes)
    }

    /// The record's identifier for `machine`: its name, or `unnamed` when machines are not named.
    public static func id(machine: String?) -> String { machine ?? "unnamed" }
}
