/// Which files of a tracked folder count: by extension, or by include globs, minus exclude globs.
///
/// A file is accepted when it is *included* and matches no `exclude` glob:
/// - with no `include` globs, a file is included when its extension (any case) is in `extensions`;
/// - with `include` globs, when it matches at least one of them (`extensions` is then not used).
///
/// Globs: `*` (within one component), `**` (any number of components), `?`, `[abc]`, `[a-z]`,
/// `[!x]`. A glob without `/` is matched against the file name alone; one with `/` against the
/// path relative to the tracked folder. A trailing `/` means everything below (`drafts/`).
///
/// ```swift
/// let filter = FileFilter()
/// #expect(filter.accepts(relativePath: "book/Chapter-1.MD"))  // md, any case
/// #expect(!filter.accepts(relativePath: "cover.png"))
///
/// let drafts = FileFilter(include: ["drafts/**", "*.fountain"], exclude: ["**/old/*", "*~"])
/// #expect(drafts.accepts(relativePath: "drafts/act-1/scene.txt"))
/// #expect(!drafts.accepts(relativePath: "drafts/old/scene.txt"))  // exclude wins
/// #expect(drafts.accepts(relativePath: "notes/film.fountain"))  // the name matches
/// #expect(!drafts.accepts(relativePath: "notes/todo.md"))  // not included
/// ```
///
/// Pure and cheap: globs are compiled when a property is set, not on each ``accepts(relativePath:)``.
public struct FileFilter: Sendable {
    /// The extensions counted by default: Markdown, plain text, reStructuredText, LaTeX, Org, Fountain.
    public static let defaultExtensions: [String] = [
        "md", "markdown", "mdown", "mkd", "txt", "text", "rst", "tex", "org", "fountain",
    ]

    /// Extensions that count when there are no include globs; compared without case, a leading dot ignored.
    public var extensions: [String] {
        didSet { extensionSet = Self.normalized(extensions) }
    }
    /// Globs of files that count; when not empty they replace `extensions`.
    public var include: [String] {
        didSet { includeGlobs = include.map(Glob.init) }
    }
    /// Globs of files that never count, even when included.
    public var exclude: [String] {
        didSet { excludeGlobs = exclude.map(Glob.init) }
    }

    private var extensionSet: Set<String>
    private var includeGlobs: [Glob]
    private var excludeGlobs: [Glob]

    /// Creates a filter; the default accepts the files of ``defaultExtensions``.
    public init(extensions: [String] = FileFilter.defaultExtensions, include: [String] = [], exclude: [String] = []) {
        self.extensions = extensions
        self.include = include
        self.exclude = exclude
        extensionSet = Self.normalized(extensions)
        includeGlobs = include.map(Glob.init)
        excludeGlobs = exclude.map(Glob.init)
    }

    /// Whether the file at `relativePath` (below the tracked folder, `/`-separated) counts.
    ///
    /// Empty components (`a//b`, a leading `/`) are ignored; `.` and `..` are not interpreted.
    public func accepts(relativePath: String) -> Bool {
        if decidesByName {
            // By extension alone: only the name matters, so no path is split (listing calls this per file).
            var path = Substring(relativePath)
            while path.utf8.last == UInt8(ascii: "/") { path = path.dropLast() }
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            return accepts(name: slash.map { path[path.index(after: $0)...] } ?? path)
        }
        let components = relativePath.split(separator: "/")
        guard let name = components.last else { return false }
        let included =
            includeGlobs.isEmpty
            ? Self.fileExtension(of: name).map { extensionSet.contains($0) } ?? false
            : includeGlobs.contains { $0.matches(components: components) }
        return included && !excludeGlobs.contains { $0.matches(components: components) }
    }

    /// Whether the filter has no globs, so that a file's name alone decides: then
    /// ``accepts(name:)`` answers for a file of that name in any folder, and a listing need not
    /// build relative paths to ask.
    public var decidesByName: Bool { includeGlobs.isEmpty && excludeGlobs.isEmpty }

    /// Whether a file called `name` counts, for a filter that ``decidesByName`` (by its extension).
    public func accepts(name: Substring) -> Bool {
        !name.isEmpty && Self.fileExtension(of: name).map { extensionSet.contains($0) } ?? false
    }

    /// The lowercased extension of a file name; none for `README` or a hidden name such as `.md`.
    private static func fileExtension(of name: Substring) -> String? {
        PathBytes.lowercasedExtension(of: name)
    }

    private static func normalized(_ extensions: [String]) -> Set<String> {
        Set(extensions.map { ($0.hasPrefix(".") ? String($0.dropFirst()) : $0).lowercased() })
    }
}

// MARK: - Hashable

extension FileFilter: Hashable {
    /// Two filters are equal when their extensions and globs are, in the same order.
    public static func == (lhs: FileFilter, rhs: FileFilter) -> Bool {
        lhs.extensions == rhs.extensions && lhs.include == rhs.include && lhs.exclude == rhs.exclude
    }

    /// Hashes the extensions and globs, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(extensions)
        hasher.combine(include)
        hasher.combine(exclude)
    }
}

// MARK: - Codable

extension FileFilter: Codable {
    private enum CodingKeys: String, CodingKey {
        case extensions, include, exclude
    }

    /// Decodes a filter; a missing key takes its default, so filters stored by older versions still load.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            extensions: try container.decodeIfPresent([String].self, forKey: .extensions) ?? Self.defaultExtensions,
            include: try container.decodeIfPresent([String].self, forKey: .include) ?? [],
            exclude: try container.decodeIfPresent([String].self, forKey: .exclude) ?? [])
    }

    /// Encodes the three lists under the keys `extensions`, `include` and `exclude`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(extensions, forKey: .extensions)
        try container.encode(include, forKey: .include)
        try container.encode(exclude, forKey: .exclude)
    }
}
