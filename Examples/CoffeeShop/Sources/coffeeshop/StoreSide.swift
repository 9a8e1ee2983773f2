/// One backend of an opened store, as a message names it: which role it plays, how its errors
/// name it, and where the credentials sent to it came from.
struct StoreSide: Sendable {
    /// "the store", "the primary of the mirror", "the online store of the fallback"…
    var role: String
    /// How the backend's errors name it: a server's base URL, a database's description.
    var location: String
    /// Whether it is a `harbor-store-server`, whose credentials are a bearer token.
    var isServer: Bool
    /// Where its token came from ("HARBOR_STORE_TOKEN", "its line in FILE"), nil when none was sent.
    var credentials: String?

    /// The same backend in another role.
    func playing(_ role: String) -> StoreSide {
        var side = self
        side.role = role
        return side
    }
}
