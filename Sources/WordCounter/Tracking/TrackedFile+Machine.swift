public import Harbor

/// Which machine a tracked file is on, when several share one history.
extension TrackedFile {
    /// The indexed field of ``machine``.
    public static let machineField = "machine"
    /// The indexed, unique field of ``place``.
    public static let placeField = "place"

    /// The machine and path, unique among tracked files: one path on one machine is one tracked
    /// file, while two machines may each track a file at the same path (their own copy).
    public var place: String { machine.map { "\($0):\(path)" } ?? path }

    /// Whether the file is `machine`'s to count: a file of that machine, one tracked before
    /// machines were named, or any file when no machine is named.
    public func belongs(to machine: String?) -> Bool {
        guard let machine, let own = self.machine else { return true }
        return own == machine
    }

    /// ``belongs(to:)`` from an index entry alone.
    public static func belongs(_ entry: IndexEntry, to machine: String?) -> Bool {
        guard let machine, case .string(let own) = entry[field: machineField] else { return true }
        return own == machine
    }
}
