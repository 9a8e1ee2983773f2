/// What one machine tracks in a history several machines share.
public struct MachineShare: Sendable, Equatable, Codable {
    /// The machine's name; nil for folders and files tracked before machines were named.
    public let machine: String?
    /// The folders tracked there as a whole.
    public let folders: Int
    /// The files tracked there, in those folders or by name.
    public let files: Int

    /// Creates a machine's share.
    public init(machine: String?, folders: Int, files: Int) {
        self.machine = machine
        self.folders = folders
        self.files = files
    }
}
