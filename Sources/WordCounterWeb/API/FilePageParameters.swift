import WordCounter

/// Which page of files a request asks for, from its query: `limit`, the cursor, `q` (part of the
/// path, any case) and `state`. Read as a form is (`+` for a space, percent escapes decoded), so
/// the dashboard's search form and a program's URL mean the same; an empty value counts as absent.
struct FilePageParameters: Sendable, Equatable {
    /// The page size when the request does not say.
    static let defaultLimit = 100
    /// The largest page a request may ask for.
    static let maximumLimit = 1_000
    /// The longest `q` accepted, in bytes.
    static let maximumSearchLength = 1_024

    /// How many files the page holds at most.
    var limit = Self.defaultLimit
    /// Where the page starts; nil for the first page.
    var after: FilePosition?
    /// Part of the path to look for; nil for every file.
    var matching: String?
    /// The state the files must be in; nil for any.
    var state: FileState?

    /// The first page of every file.
    init() {}

    /// Reads `query` (a URL's query, without `?`).
    /// - Parameters:
    ///   - cursorName: the name of the cursor's parameter (`cursor` in the API, `files` on the page).
    ///   - readsLimit: whether `limit` may be given (the dashboard's page size is fixed).
    /// - Throws: ``APIError`` 400 naming the parameter at fault and what it accepts.
    init(query: String?, cursorName: String = "cursor", readsLimit: Bool = true) throws(APIError) {
        let fields = FormFields(query ?? "")
        if readsLimit, let text = fields["limit"] {
            guard let value = Int(text), (1...Self.maximumLimit).contains(value) else {
                throw .badRequest("'limit' must be a whole number from 1 to \(Self.maximumLimit), not '\(text)'")
            }
            limit = value
        }
        if let text = fields[cursorName] {
            guard let position = FileCursor.position(from: text) else {
                throw .badRequest(
                    "'\(cursorName)' is not a cursor of this server: pass the 'next' of the page before, as it was given"
                )
            }
            after = position
        }
        if let text = fields["q"] {
            guard text.utf8.count <= Self.maximumSearchLength else {
                throw .badRequest("'q' must be at most \(Self.maximumSearchLength) bytes long")
            }
            matching = text
        }
        if let text = fields["state"] {
            guard let value = FileState(rawValue: text) else {
                let names = FileState.allCases.map { "'\($0.rawValue)'" }
                throw .badRequest(
                    "'state' must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not '\(text)'")
            }
            state = value
        }
    }

    /// The query that reads the page.
    var query: ShowFilePage { ShowFilePage(limit: limit, after: after, matching: matching, state: state) }
}
