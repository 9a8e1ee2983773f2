/// Why a `--store` location was refused; every message lists the forms a location takes.
enum StoreLocationError: Error, Equatable, CustomStringConvertible {
    /// Nothing matches: not one of the forms.
    case unknown(String)
    /// A form without its part: `json:`, `sqlite:`, `mirror:A` without `,B`.
    case incomplete(String, expected: String)
    /// A mirror or fallback inside another one.
    case nested(String)
    /// A fallback whose local side is not a file on this machine.
    case localNotOnDisk(String)
    /// Both sides of a mirror or a fallback are one store, written two ways.
    case sameStore(String, String)

    /// The forms, one a line, as the messages and `--help` list them.
    static let forms = """
          json:FOLDER              JSON files in a folder
          sqlite:FILE              a SQLite database file
          postgres://USER@HOST/DB  PostgreSQL (password in URL, PGPASSWORD, .pgpass)
          http://HOST:PORT         a harbor-store-server (token: its line in the file
                                   COFFEESHOP_TOKENS names, else HARBOR_STORE_TOKEN)
          mirror:A,B               A the primary, B the secondary, while moving to B;
                                   what B lacks waits in A.mirror-journal (A on disk)
                                   or $XDG_STATE_HOME/coffeeshop/mirror-journal/
          fallback:ONLINE,LOCAL    ONLINE when it answers, else LOCAL (json:/sqlite:)
        """

    var description: String {
        let problem =
            switch self {
            case .unknown(let text): "'\(text)' is not a store location"
            case .incomplete(let text, let expected): "'\(text)' is incomplete: write \(expected)"
            case .nested(let text):
                "'\(text)' puts a mirror or fallback inside another; each side must be a plain store"
            case .localNotOnDisk(let text):
                "the local side of a fallback must be json:FOLDER or sqlite:FILE, not '\(text)'"
            case .sameStore(let first, let second) where first == second:
                "'\(first)' is named on both sides: a mirror or a fallback needs two different stores"
            case .sameStore(let first, let second):
                "'\(first)' and '\(second)' are the same store (one path, server or database and schema): "
                    + "a mirror or a fallback needs two different stores"
            }
        return problem + "; --store (or COFFEESHOP_STORE) takes one of:\n" + Self.forms
    }
}
