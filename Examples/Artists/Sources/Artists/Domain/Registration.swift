public import Harbor

/// This installation's account on the artists API: made once, on the first `track`, and kept.
public struct Registration: Aggregate, Equatable {
    public static let collection = "registration"
    /// The identifier of the one registration an installation has.
    public static let currentID = "current"

    /// Always ``currentID``: there is one registration.
    public let id: String
    /// The user the API made for this installation.
    public let userID: String

    /// Creates the registration of `userID`.
    public init(userID: String) {
        self.id = Self.currentID
        self.userID = userID
    }
}
