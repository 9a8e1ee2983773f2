import Foundation
public import Harbor
import HarborHTTP

/// A command: tracks an artist by name and answers its identifier.
///
/// The API tracks artists for a user, so the first `track` registers this installation (and
/// stores the registration); later ones reuse it. The artist is stored locally, marked
/// tracked. Tracking a tracked artist changes nothing and succeeds. When the API no longer
/// knows the stored user (a development server restarted), it registers again, once.
public struct TrackArtist: UseCase {
    /// The artist's name, as a user types it (case and spaces do not matter).
    public let name: String

    /// Creates the command.
    public init(name: String) {
        self.name = name
    }

    /// - Throws: ``ArtistsError/emptyName`` or ``ArtistsError/unknownArtist(_:)``; an
    ///   `HTTPServiceError` for any other failure of the API.
    public func execute(in context: RunContext<ArtistsServices>) async throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ArtistsError.emptyName }
        let id = ArtistsAPI.slug(trimmed)
        guard !id.isEmpty else { throw ArtistsError.unknownArtist(trimmed) }
        var registration = try await currentRegistration(in: context, renewing: false)
        let object: ArtistObject
        do {
            object = try await track(id, name: trimmed, as: registration, in: context)
        } catch let error as HTTPServiceError where Self.status(of: error) == 401 {
            registration = try await currentRegistration(in: context, renewing: true)
            object = try await track(id, name: trimmed, as: registration, in: context)
        }
        let artist = try Artist(object, isTracked: true)
        try await context.persistence.performRetryingConflicts { unitOfWork in
            let artists = unitOfWork.repository(Artist.self)
            _ = try await artists.find(object.id)
            try artists.save(artist)
        }
        return object.id
    }

    private func track(
        _ id: String, name: String, as registration: Registration, in context: RunContext<ArtistsServices>
    ) async throws -> ArtistObject {
        do {
            return try await context.api.track(id: id, userID: registration.userID)
        } catch let error where Self.status(of: error) == 404 {
            throw ArtistsError.unknownArtist(name)
        }
    }

    /// The stored registration, or a new one made and stored now (also when `renewing`). When
    /// another command stored a first registration meanwhile, that one is kept and answered.
    private func currentRegistration(in context: RunContext<ArtistsServices>, renewing: Bool) async throws
        -> Registration
    {
        let registrations = context.persistence.repository(Registration.self)
        if !renewing, let stored = try await registrations.find(Registration.currentID) { return stored }
        let registration = Registration(userID: try await context.api.register().id)
        return try await context.persistence.performRetryingConflicts { unitOfWork in
            let registrations = unitOfWork.repository(Registration.self)
            let stored = try await registrations.find(Registration.currentID)
            if !renewing, let stored { return stored }
            try registrations.save(registration)
            return registration
        }
    }

    private static func status(of error: HTTPServiceError) -> Int? {
        if case .status(let failure) = error.kind { return failure.status }
        return nil
    }
}
