import Foundation
public import Harbor

// Dead letters: one JSON file per subscriber and position under dead-letters/, written atomically.
extension JSONFileStore {
    public func subscriberPositions() async throws -> [String: Int64] {
        try withAccess(exclusive: false) {
            var positions: [String: Int64] = [:]
            for file in try Self.listDirectory(layout.subscribers) where file.hasSuffix(".position") {
                guard let name = Self.identifier(fromFileName: file.dropLast(9)),
                    let data = try Self.readFile(layout.subscribers + "/" + file)
                else { continue }
                guard let position = Int64(String(decoding: data, as: UTF8.self)) else {
                    throw StoreError.invalidData(nil, reason: "\(layout.subscribers)/\(file) does not hold a position")
                }
                positions[name] = position
            }
            return positions
        }
    }

    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try StoreLimits.check(letter)
        let folder = try layout.deadLetters(letter.subscriber)
        try withAccess(exclusive: true) {
            try Self.ensureDirectoryTree(folder)
            try replaceAtomically(
                folder + "/" + Self.eventFileName(letter.position), with: try Self.encode(letter, key: nil))
        }
    }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try StoreLimits.checkName(name, field: "subscriber")
        let folder = try layout.deadLetters(name)
        return try withAccess(exclusive: false) {
            let positions = try Self.listDirectory(folder).compactMap(Self.position(fromEventFileName:)).sorted()
            return try positions.compactMap { position in
                try Self.decodeFile(DeadLetter.self, at: folder + "/" + Self.eventFileName(position), key: nil)
            }
        }
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try StoreLimits.checkName(name, field: "subscriber")
        let folder = try layout.deadLetters(name)
        return try withAccess(exclusive: true) {
            guard try Self.deleteFile(folder + "/" + Self.eventFileName(position)) else { return false }
            try Self.syncDirectory(folder)
            return true
        }
    }
}
