/// The name that makes a tracked folder the same one on every machine, and the documents in it.
extension TrackedRoot {
    /// The identifier of the folder at `path` tracked on `machine`.
    public static func id(path: String, machine: String?) -> String {
        machine.map { "\($0):\(path)" } ?? path
    }

    /// Whether the folder is `machine`'s: tracked there, before machines were named, or any when
    /// no machine is named.
    public func belongs(to machine: String?) -> Bool {
        guard let machine, let own = self.machine else { return true }
        return own == machine
    }

    /// The key of the ``SyncedDocument`` a file at `filePath` below this folder is: the folder's
    /// name and the path below it; nil when the folder has no name or the path is not below it.
    public func documentKey(for filePath: String) -> String? {
        guard let name else { return nil }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        guard filePath.hasPrefix(prefix), filePath.utf8.count > prefix.utf8.count else { return nil }
        return name + "/" + filePath.dropFirst(prefix.count)
    }

    /// The name a folder gets by default: its last path component.
    public static func defaultName(of path: String) -> String? {
        let last = path.split(separator: "/").last.map(String.init)
        return last?.isEmpty == false ? last : nil
    }
}
