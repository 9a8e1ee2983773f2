/// A command that only reads was pointed at a store that does not exist; it created none.
struct MissingStore: Error, CustomStringConvertible {
    /// The SQLite file that is not there.
    let path: String

    var description: String {
        "no artists store at \(path): check --store (or ARTISTS_STORE), or run `artists sync` to create it"
    }
}
