import Foundation

/// The writer's real folder on disk, changed as an editor and a file manager change it.
struct WorkflowDisk {
    /// The folder the model's relative paths are below, without a trailing slash.
    let root: String

    func path(_ relative: String) -> String { root + "/" + relative }

    /// `path` relative to the root folder.
    func relative(_ path: String) -> String { String(path.dropFirst(root.count + 1)) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    private func makeParent(of relative: String) throws {
        let parent = (path(relative) as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    }

    /// Saves `text`: in place (the same inode, truncated and written), or atomically as editors
    /// do (a hidden temporary file beside it, renamed over it: a new inode).
    func save(_ relative: String, _ text: String, atomically: Bool) throws {
        try makeParent(of: relative)
        let target = path(relative)
        if atomically {
            let parent = (target as NSString).deletingLastPathComponent
            let temporary = parent + "/.\((target as NSString).lastPathComponent).swp"
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, target) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } else if FileManager.default.fileExists(atPath: target) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        } else {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        }
    }

    func copy(_ from: String, _ to: String) throws {
        try makeParent(of: to)
        try FileManager.default.copyItem(atPath: path(from), toPath: path(to))
    }

    /// A hard link, or a symbolic link holding the target's absolute path.
    func link(_ target: String, at relative: String, symbolic: Bool) throws {
        try makeParent(of: relative)
        if symbolic {
            try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: path(target))
        } else {
            try FileManager.default.linkItem(atPath: path(target), toPath: path(relative))
        }
    }

    func move(_ from: String, _ to: String) throws {
        try makeParent(of: to)
        guard rename(path(from), path(to)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// Brings `folder` to `other` (a folder elsewhere) as a sync tool does: a file whose text
    /// differs is written anew there (a temporary file renamed over it) with the modification
    /// time of a minute ago, as the writer's was kept; a file gone here is deleted there. Links
    /// are followed: the laptop gets their text.
    func mirror(_ folder: String, to other: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: other, withIntermediateDirectories: true)
        let here = Set(manager.subpaths(atPath: path(folder)) ?? []).filter { relative in
            !relative.split(separator: "/").contains { $0.hasPrefix(".") }
                && (try? manager.attributesOfItem(atPath: path(folder) + "/" + relative)[.type] as? FileAttributeType)
                    != .typeDirectory
        }
        for relative in (manager.subpaths(atPath: other) ?? []).sorted().reversed()
        where !here.contains(relative) {
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: other + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                try manager.removeItem(atPath: other + "/" + relative)
            }
        }
        for relative in here.sorted() {
            guard let text = manager.contents(atPath: path(folder) + "/" + relative) else { continue }
            let target = other + "/" + relative
            if manager.contents(atPath: target) == text { continue }
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let temporary = (target as NSString).deletingLastPathComponent + "/.sync-\(UUID().uuidString)"
            try text.write(to: URL(fileURLWithPath: temporary))
            try manager.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: temporary)
            guard rename(temporary, target) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }
}
