import Foundation
import Harbor

extension JSONFileStore {
    /// The sequence's next value, kept in `sequences/<escaped name>.value`: read and replaced
    /// atomically under the exclusive lock (this instance's and the folder's `flock`), outside
    /// every commit, so no two callers in any process that shares the folder get one value (see
    /// `DocumentStore.nextValue(of:above:)`).
    /// - Throws: `StoreError.invalidInput(field:reason:)` for a name or floor out of bounds, a
    ///   name too long for a file name once escaped, or an exhausted sequence (nothing changes);
    ///   `StoreError.backend(location:reason:)` naming the file that failed;
    ///   `StoreError.invalidData(_:reason:)` when the file does not hold a value.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        let path = try layout.sequence(sequence)
        return try withAccess(exclusive: true) {
            var last: Int64 = 0
            if let data = try Self.readFile(path) {
                guard let value = Int64(String(decoding: data, as: UTF8.self)) else {
                    throw StoreError.invalidData(nil, reason: "\(path) does not hold a sequence's value")
                }
                last = value
            }
            let next = try StoreLimits.sequenceValue(after: last, above: floor, of: sequence)
            try Self.ensureDirectory(layout.sequences)
            try replaceAtomically(path, with: Data(String(next).utf8))
            return next
        }
    }
}
