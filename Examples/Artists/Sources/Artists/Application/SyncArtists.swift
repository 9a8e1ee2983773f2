import Foundation
public import Harbor
import HarborHTTP

/// A command: brings the local store up to date with the API, fetching only what changed.
///
/// It lists the API's artists, keeps those whose local copy is missing or older than the API's
/// (``Artist/isStale(_:remoteUpdatedAt:)``), then fetches and stores them one by one: one
/// commit per artist, a progress report after each. Cancelling the run cancels the request in
/// flight; the artists stored so far stay stored and the next sync skips them. A second sync
/// with nothing changed fetches nothing but the list. Several syncs may run at once on one
/// store: an artist another one stored first is read again rather than reported as a conflict.
public struct SyncArtists: UseCase {
    /// Creates the command.
    public init() {}

    /// - Returns: what was listed and stored.
    /// - Throws: ``SyncFailure`` when a stale artist cannot be fetched (earlier ones are kept);
    ///   `HTTPServiceError` when the list cannot be fetched; ``ArtistsError/invalidTimestamp(artist:value:)``.
    public func execute(in context: RunContext<ArtistsServices>) async throws -> SyncReport {
        let listed = try await context.api.artists()
        let stale = try await staleArtists(in: listed, context: context)
        context.reportProgress(completed: 0, total: stale.count, message: "\(stale.count) of \(listed.count) stale")
        var stored: [String] = []
        for summary in stale {
            try context.checkCancellation()
            let object: ArtistObject
            do throws(HTTPServiceError) {
                object = try await context.api.artist(id: summary.id)
            } catch {
                if case .cancelled = error.kind { throw CancellationError() }
                throw SyncFailure(artist: summary.name, stored: stored.count, stale: stale.count, cause: error)
            }
            try await store(object, in: context)
            stored.append(object.name)
            context.reportProgress(completed: stored.count, total: stale.count, message: object.name)
        }
        return SyncReport(listed: listed.count, stored: stored)
    }

    /// The listed artists whose local copy is missing or older, in the API's order.
    private func staleArtists(
        in listed: [ArtistSummaryObject], context: RunContext<ArtistsServices>
    ) async throws -> [ArtistSummaryObject] {
        let local = Dictionary(
            try await context.persistence.repository(Artist.self).all().map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return try listed.filter { summary in
            Artist.isStale(local[summary.id], remoteUpdatedAt: try Artist.date(summary.updatedAt, of: summary.name))
        }
    }

    /// Stores the API's copy in its own unit of work, keeping whether the user tracks it.
    ///
    /// Another sync on the same store may store the same artist at the same moment: the commit
    /// that loses is a conflict, and the unit of work runs again on what the winner stored —
    /// writing nothing when that copy is already as new as the API's.
    private func store(_ object: ArtistObject, in context: RunContext<ArtistsServices>) async throws {
        let artist = try Artist(object, isTracked: false)
        try await context.persistence.performRetryingConflicts { unitOfWork in
            let artists = unitOfWork.repository(Artist.self)
            let existing = try await artists.find(object.id)
            guard Artist.isStale(existing, remoteUpdatedAt: artist.updatedAt) else { return }
            var stored = artist
            stored.isTracked = existing?.isTracked ?? false
            try artists.save(stored)
        }
    }
}
