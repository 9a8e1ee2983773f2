import Harbor

/// A backend refused the credentials `coffeeshop` sent it: a `harbor-store-server` answered 401,
/// or PostgreSQL refused the password. Never a backlog to wait out: nothing will get through until
/// the credentials are fixed, so the command fails at once, naming the side.
struct StoreCredentialsError: Error, CustomStringConvertible {
    /// The backend, when the opened store knows it by the error's location.
    let side: StoreSide?
    /// How the error named the backend.
    let location: String
    /// What the backend said.
    let reason: String
    /// Whether the command had written to the primary before the secondary refused: its copy then
    /// waits in the mirror's journal.
    let afterWrite: Bool

    /// The error a command reports for `error`, or `error` itself when it is not a refusal of credentials.
    static func explaining(_ error: any Error, sides: [StoreSide], afterWrite: Bool = false) -> any Error {
        guard case StoreError.unauthorized(let location, let reason)? = error as? StoreError else { return error }
        return StoreCredentialsError(
            side: sides.first { $0.location == location }, location: location, reason: reason, afterWrite: afterWrite)
    }

    var description: String {
        let role = side?.role ?? "the store"
        var message: String
        if side?.isServer ?? false {
            let sent = side?.credentials.map { "the token from \($0)" } ?? "the request without a token"
            message =
                "\(role), \(location), refused \(sent) (HTTP 401): give each harbor-store-server its own token "
                + "in a tokens file, a line `\(location) TOKEN` in the file COFFEESHOP_TOKENS names (chmod 600); "
                + "HARBOR_STORE_TOKEN is the token of every server without a line"
        } else {
            message = "\(role), \(location), refused the credentials: \(reason)"
        }
        if afterWrite {
            message +=
                "; the change was written to the primary, and its copy waits in the mirror's journal until the "
                + "secondary takes the token (then `coffeeshop sync` sends it)"
        }
        return message
    }
}
