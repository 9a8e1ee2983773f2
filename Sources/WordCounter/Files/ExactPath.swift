/// A path as a dictionary key or set member that is equal only to the very same bytes.
///
/// `String`'s `==` and hashing follow canonical equivalence, so "café" with a precomposed "é" and
/// with "e" and a combining accent are one key; on Linux they are two files, and Word Counter keeps
/// them as two.
public struct ExactPath: Hashable, Sendable, CustomStringConvertible {
    /// The path.
    public let path: String

    /// The key for `path`.
    public init(_ path: String) {
        self.path = path
    }

    public var description: String { path }

    public static func == (first: ExactPath, second: ExactPath) -> Bool {
        PathBytes.same(first.path, second.path)
    }

    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
