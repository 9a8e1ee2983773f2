import Foundation

extension String {
    /// The string escaped for a URL's query (everything but letters, digits and `-._~`).
    var formEncoded: String {
        addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? self
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
