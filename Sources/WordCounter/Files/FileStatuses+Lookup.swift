extension FileStatuses {
    /// A listing searched in place, for loops that search it many times from several threads:
    /// ``FileStatuses/firstIndex(ofPathBytes:)`` and ``FileStatuses/facts(at:)`` through buffers,
    /// without touching the reference counts of the listing's arrays, which threads searching one
    /// listing at once would otherwise pass back and forth between their cores at every lookup.
    ///
    /// Made by ``FileStatuses/withLookup(_:)``; valid only inside that call.
    public struct Lookup {
        let statuses: UnsafeBufferPointer<FileStatus>
        let slots: UnsafeBufferPointer<Int32>

        /// Where the status of the path whose UTF-8 bytes are `path` is, or nil when there is none.
        public func firstIndex(ofPathBytes path: UnsafeRawBufferPointer) -> Int? {
            // Not empty, so the buffers have base addresses.
            guard !slots.isEmpty, let first = statuses.baseAddress else { return nil }
            let mask = slots.count - 1
            var slot = FileStatuses.hash(path) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                // Through the pointer: the status is read in place, not copied (its path retained).
                if PathBytes.same((first + position).pointee.path, path) { return position }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// What the status at `position` says of the file, without its path.
        public func facts(at position: Int) -> (
            kind: FileStatus.Kind, identity: FileIdentity, size: Int64, modified: Int64
        ) {
            precondition(statuses.indices.contains(position), "no status at \(position)")
            // In the buffer (the precondition above), so the pointer is to a status.
            let status = statuses.baseAddress.unsafelyUnwrapped + position
            return (status.pointee.kind, status.pointee.identity, status.pointee.size, status.pointee.modified)
        }
    }
}
