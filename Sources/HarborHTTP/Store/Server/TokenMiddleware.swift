import Hummingbird

/// Lets through only requests whose `Authorization` header is `Bearer TOKEN`; answers the rest
/// 401 with a JSON error. The comparison takes the same time wherever the first difference is,
/// so the token cannot be guessed byte by byte from response times.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    private let expected: [UInt8]

    init(token: String) {
        expected = Array("Bearer \(token)".utf8)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let presented = request.headers[.authorization], Self.constantTimeEqual(Array(presented.utf8), expected)
        else {
            var answer = StoreErrorMiddleware.answer(
                .unauthorized,
                StoreErrorObject(
                    error: "unauthorized",
                    message: "this store needs a token: send Authorization: Bearer TOKEN "
                        + "(HTTPStore's token, the server's --token or HARBOR_STORE_TOKEN)"))
            answer.headers[.wwwAuthenticate] = "Bearer"
            return answer
        }
        return try await next(request, context)
    }

    /// Whether the two byte strings are equal, looking at every byte of `expected` whatever `presented` holds.
    static func constantTimeEqual(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: presented.count ^ expected.count)
        difference |= presented.count == expected.count ? 0 : 1
        for index in expected.indices {
            let other = index < presented.count ? presented[index] : ~expected[index]
            difference |= other ^ expected[index]
        }
        return difference == 0
    }
}
