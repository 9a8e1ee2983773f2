public import HarborHTTP

/// The artists API in memory: a ``FakeHTTPService`` answering ``ArtistsAPI`` from an
/// ``ArtistCatalog`` as the real server does — 404 for an unknown artist, 401 for an unknown user — after a
/// delay, so a demo shows what waiting (and cancelling) looks like.
public enum FakeArtistsAPI {
    /// A fake service over `catalog`, answering after `delay`.
    public static func service(catalog: ArtistCatalog = ArtistCatalog(), delay: Duration = .zero) -> FakeHTTPService {
        let fake = FakeHTTPService(delay: delay, baseURL: "fake://artists")
        fake.respond(to: ArtistsAPI.list) { _ in catalog.summaries() }
        fake.respond(to: ArtistsAPI.artist) { call in
            guard let artist = catalog.artist(id: call.pathParameters["id"] ?? "") else {
                throw FakeFailure.status(404, body: #"{"error":"no such artist"}"#)
            }
            return artist
        }
        fake.respond(to: ArtistsAPI.touch) { call in
            guard let artist = catalog.touch(id: call.pathParameters["id"] ?? "") else {
                throw FakeFailure.status(404, body: #"{"error":"no such artist"}"#)
            }
            return artist
        }
        fake.respond(to: ArtistsAPI.register) { _ in catalog.register() }
        fake.respond(to: ArtistsAPI.track) { call in
            switch catalog.track(id: call.pathParameters["id"] ?? "", userID: call.pathParameters["user"] ?? "") {
            case .success(let artist): return artist
            case .failure(.unknownArtist): throw FakeFailure.status(404, body: #"{"error":"no such artist"}"#)
            case .failure(.unknownUser):
                throw FakeFailure.status(401, body: #"{"error":"no such user; register again"}"#)
            }
        }
        return fake
    }
}
