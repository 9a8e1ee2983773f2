import Foundation
import Harbor

extension JSONFileStore {
    /// Where each file of a store lives inside its folder; see ``JSONFileStore`` for the layout.
    struct Layout: Sendable {
        /// The store's folder, without a trailing slash.
        let root: String

        var lockFile: String { root + "/store.lock" }
        var journal: String { root + "/journal.json" }
        var lastEventPosition: String { root + "/last-event-position" }
        var temporary: String { root + "/tmp" }
        var collections: String { root + "/collections" }
        var schemas: String { root + "/schemas" }
        var outbox: String { root + "/outbox" }
        var subscribers: String { root + "/subscribers" }

        /// The folders that exist in every store.
        var folders: [String] { [temporary, collections, schemas, outbox, subscribers] }

        /// The folder holding one collection's documents.
        func collection(_ name: String) throws -> String {
            try JSONFileStore.validateCollection(name)
            return collections + "/" + name
        }

        /// The file holding the document at `key`.
        func document(_ key: DocumentKey) throws -> String {
            let folder: String
            do {
                folder = try collection(key.collection)
            } catch StoreError.invalidData(_, let reason) {
                throw StoreError.invalidData(key, reason: reason)
            }
            return folder + "/" + (try JSONFileStore.fileName(for: key.id, suffix: ".json", field: "key.id"))
        }

        /// The file recording one collection's indexed fields.
        func schema(_ collection: String) throws -> String {
            try JSONFileStore.validateCollection(collection)
            return schemas + "/" + collection + ".json"
        }

        /// The file holding the outbox event at `position`; names sort in position order.
        func event(_ position: Int64) -> String {
            outbox + "/" + JSONFileStore.eventFileName(position)
        }

        /// The file holding a durable subscriber's position.
        func subscriber(_ name: String) throws -> String {
            subscribers + "/" + (try JSONFileStore.fileName(for: name, suffix: ".position", field: "subscriber"))
        }

        /// The folder of the sequences' counters, made by the first value taken.
        var sequences: String { root + "/sequences" }

        /// The file holding a sequence's last value.
        func sequence(_ name: String) throws -> String {
            sequences + "/" + (try JSONFileStore.fileName(for: name, suffix: ".value", field: "sequence"))
        }

        /// The folder holding a durable subscriber's dead letters, one file per position.
        func deadLetters(_ name: String) throws -> String {
            guard !name.isEmpty else { throw StoreError.invalidData(nil, reason: "a subscriber needs a name") }
            return root + "/dead-letters/" + (try JSONFileStore.fileName(for: name, suffix: "", field: "subscriber"))
        }

        /// A new, unique temporary file; only files in this folder are ever discarded on open.
        func temporaryFile(_ label: String) -> String {
            temporary + "/" + UUID().uuidString.lowercased() + "-" + label + ".tmp"
        }

        /// `path` relative to the root, as the journal records it so a moved folder still recovers.
        func relative(_ path: String) -> String {
            String(path.dropFirst(root.count + 1))
        }

        /// The absolute path of a path the journal recorded, refusing one that leaves the folder.
        func absolute(_ relativePath: String) throws -> String {
            let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
            guard !relativePath.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
                throw StoreError.invalidData(nil, reason: "the journal at \(journal) names a path outside the store")
            }
            return root + "/" + relativePath
        }
    }

    /// Bytes that stand for themselves in a file name. Everything else, including capitals and
    /// dots, is percent-escaped, so that names are safe and distinct on case-insensitive systems too.
    private static func isPlainFileNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// The percent-escaped file name for an identifier; reversed by ``identifier(fromFileName:)``.
    ///
    /// The identifier's UTF-8 bytes are kept as they are, never normalized: identifiers compare by
    /// exact Unicode scalars, so a precomposed and a decomposed "É" are two documents, two files.
    static func escapedFileName(_ identifier: String) -> String {
        var name = ""
        for byte in identifier.utf8 {
            if isPlainFileNameByte(byte) {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return name
    }

    /// The identifier an escaped file name stands for, or nil if it is not one this store wrote.
    static func identifier(fromFileName name: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = name.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else if isPlainFileNameByte(byte) {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The file name for `identifier` with `suffix`, within the 255-byte limit of file names.
    /// - Throws: `StoreError.invalidInput(field:reason:)` naming `field` when it is too long.
    static func fileName(for identifier: String, suffix: String, field: String) throws -> String {
        let name = escapedFileName(identifier) + suffix
        guard name.utf8.count <= 255 else {
            throw StoreError.invalidInput(
                field: field,
                reason:
                    "'\(identifier)' is too long for a file name once escaped (\(name.utf8.count) bytes, at most 255)")
        }
        return name
    }

    /// Accepts collection names that are plain, portable folder names.
    static func validateCollection(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            isPlainFileNameByte(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: ".")
        }
        guard allowed, !name.isEmpty, !name.hasPrefix("."), name.utf8.count <= 200 else {
            throw StoreError.invalidData(
                nil,
                reason: "collection name '\(name)' must be 1 to 200 ASCII letters, digits, '-', '_' or '.', "
                    + "not starting with '.'")
        }
    }

    /// The outbox file name of `position`: zero-padded so names sort in position order.
    static func eventFileName(_ position: Int64) -> String {
        String(position).leftPadded(to: 20) + ".json"
    }

    /// The position an outbox file name stands for, or nil for any other file.
    static func position(fromEventFileName name: String) -> Int64? {
        guard name.hasSuffix(".json"), name.utf8.count == 25 else { return nil }
        return Int64(name.dropLast(5))
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
