import CStatx
import WordCounter

extension FileStatus {
    /// The status `raw` describes, reported at `path`; `raw` must be a success (`error == 0`).
    init(path: String, _ raw: cstatx_status) {
        let birthTime =
            raw.has_birth_time != 0
            ? raw.birth_seconds &* 1_000_000_000 &+ Int64(raw.birth_nanoseconds) : nil
        self.init(
            path: path,
            identity: FileIdentity(device: raw.device, inode: raw.inode, birthTime: birthTime),
            size: raw.size,
            modified: raw.modified_seconds &* 1_000_000_000 &+ Int64(raw.modified_nanoseconds),
            kind: Kind(raw.kind),
            changed: raw.changed_seconds &* 1_000_000_000 &+ Int64(raw.changed_nanoseconds))
    }
}

extension FileStatus.Kind {
    /// The kind `kind` stands for; a symbolic link (seen only when links are not followed) is `other`.
    init(_ kind: cstatx_kind) {
        switch kind {
        case CSTATX_KIND_REGULAR: self = .regular
        case CSTATX_KIND_DIRECTORY: self = .directory
        case CSTATX_KIND_FIFO: self = .fifo
        case CSTATX_KIND_DEVICE: self = .device
        case CSTATX_KIND_SOCKET: self = .socket
        default: self = .other
        }
    }
}
