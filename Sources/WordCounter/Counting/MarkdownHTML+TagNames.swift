/// Tag names packed into integers, so that looking a tag up while scanning neither allocates nor hashes.
extension MarkdownHTML {
    /// `blockTagNames` as sorted ``tagNameKey(_:_:)`` keys, so looking a tag up neither allocates nor hashes.
    static let blockTagKeys = TagNameKeys(blockTagNames)
    /// `rawTextNames` as keys.
    static let rawTextKeys = TagNameKeys(rawTextNames)
    /// The key of `br`, which separates words inline although it is no block tag.
    static let lineBreakKey = TagNameKeys.key("br")

    /// A sorted set of tag name keys.
    struct TagNameKeys: Sendable {
        private let keys: [UInt64]

        init(_ names: some Sequence<String>) {
            keys = names.map(Self.key).sorted()
        }

        static func key(_ name: String) -> UInt64 {
            Array(name.utf8).withUnsafeBufferPointer { tagNameKey($0, 0..<$0.count) ?? 0 }
        }

        func contains(_ key: UInt64) -> Bool {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low &+ high) >> 1
                if keys[middle] < key { low = middle &+ 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key
        }
    }

    /// A tag name of up to ten ASCII letters and digits packed six bits per character, case folded; nil for
    /// longer names or other bytes (no tag the parser looks up has them).
    static func tagNameKey(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard range.count <= 10 else { return nil }
        var key: UInt64 = 0
        for index in range {
            let byte = text[index]
            let code: UInt8
            if isLetter(byte) {
                code = (byte | 0x20) &- UInt8(ascii: "a") &+ 1
            } else if isDigit(byte) {
                code = byte &- UInt8(ascii: "0") &+ 27
            } else {
                return nil
            }
            key = key << 6 | UInt64(code)
        }
        return key
    }
}
