import Artists
import Foundation
import Harbor
import HarborHTTP
import Testing

/// The use cases on the fake API and an in-memory store: no network, no disk.
@Suite("Artists use cases (fake API, in-memory store)")
struct ArtistsUseCaseTests {
    let catalog = ArtistCatalog()
    let fake: FakeHTTPService
    let app: UseCaseRunner<ArtistsServices>

    init() {
        fake = FakeArtistsAPI.service(catalog: catalog)
        app = UseCaseRunner(services: ArtistsServices(fake, store: InMemoryStore()))
    }

    /// How many detail fetches (`GET /artists/{id}`) the fake answered.
    var detailFetches: [String] {
        fake.calls.filter { $0.endpoint == ArtistsAPI.artist.name }.compactMap { $0.pathParameters["id"] }
    }

    @Test("the first sync fetches and stores every artist, mapping the API's objects to artists")
    func firstSync() async throws {
        let report = try await app.run(SyncArtists())
        #expect(report.listed == 10)
        #expect(report.stored.count == 10)
        #expect(detailFetches.count == 10)
        let artists = try await app.run(ListArtists())
        #expect(artists.count == 10)
        let nina = try #require(artists.first { $0.id == "nina-simone" })
        #expect(nina.name == "Nina Simone" && nina.genre == "jazz" && nina.albumCount == 40 && !nina.isTracked)
        #expect(nina.updatedAt == (try Date.ISO8601FormatStyle().parse("2026-01-01T10:00:00Z")))
        #expect(artists.map(\.name) == artists.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
    }

    @Test("a second sync with nothing changed fetches nothing but the list")
    func secondSyncFetchesNothing() async throws {
        _ = try await app.run(SyncArtists())
        let before = detailFetches.count
        let report = try await app.run(SyncArtists())
        #expect(report.stored.isEmpty)
        #expect(report.summary == "all 10 artists are up to date")
        #expect(detailFetches.count == before)
    }

    @Test("only the artists changed on the API since the last sync are fetched")
    func onlyStaleFetched() async throws {
        _ = try await app.run(SyncArtists())
        let before = detailFetches.count
        let touched = try #require(catalog.touch(id: "bjork"))
        _ = catalog.touch(id: "radiohead")
        let report = try await app.run(SyncArtists())
        #expect(Set(detailFetches.dropFirst(before)) == ["bjork", "radiohead"], "\(detailFetches)")
        #expect(Set(report.stored) == ["Björk", "Radiohead"])
        #expect(report.summary == "stored 2 of 10 artists (8 were up to date)")
        let stored = try #require(try await app.run(ListArtists()).first { $0.id == "bjork" })
        #expect(stored.updatedAt == (try Date.ISO8601FormatStyle().parse(touched.updatedAt)))
    }

    @Test("progress is reported after every stored artist, through the runner")
    func progress() async throws {
        let reports = ProgressLog()
        let subscription = app.observe { event in
            if case .progress(_, let progress) = event { reports.append(progress) }
        }
        _ = try await app.run(SyncArtists())
        subscription.cancel()
        let seen = reports.all
        #expect(seen.first == RunProgress(completed: 0, total: 10, message: "10 of 10 stale"))
        #expect(seen.dropFirst().map(\.completed) == Array(1...10))
        #expect(seen.dropFirst().allSatisfy { $0.total == 10 && $0.message != nil })
    }

    @Test("a failing detail fetch is a typed error naming the artist, and earlier commits stay")
    func failingFetchKeepsEarlierCommits() async throws {
        // The list is by name: Aretha Franklin, Björk, Fela Kuti, … — the third fetch fails.
        fake.respond(to: ArtistsAPI.artist) { call in
            if call.pathParameters["id"] == "fela-kuti" { throw FakeFailure.status(500, body: "boom") }
            guard let artist = catalog.artist(id: call.pathParameters["id"] ?? "") else {
                throw FakeFailure.status(404)
            }
            return artist
        }
        let failure = await #expect(throws: SyncFailure.self) { try await app.run(SyncArtists()) }
        #expect(failure?.artist == "Fela Kuti")
        #expect(failure?.stored == 2 && failure?.stale == 10)
        if case .status(let status) = failure?.cause.kind { #expect(status.status == 500) } else { Issue.record() }
        #expect(failure?.description.hasPrefix("could not fetch \"Fela Kuti\" (2 of 10 stale artists stored") == true)
        #expect(try await app.run(ListArtists()).map(\.name) == ["Aretha Franklin", "Björk"])

        fake.respond(to: ArtistsAPI.artist) { call in
            guard let artist = catalog.artist(id: call.pathParameters["id"] ?? "") else {
                throw FakeFailure.status(404)
            }
            return artist
        }
        let report = try await app.run(SyncArtists())
        #expect(report.stored.count == 8, "the second sync fetches only the 8 not stored yet")
    }

    @Test("an update time that is not ISO 8601 is a clear error, and nothing is stored")
    func badTimestamp() async throws {
        let broken = ArtistCatalog(artists: [
            ArtistObject(id: "x", name: "X", genre: "pop", albums: 1, updatedAt: "yesterday")
        ])
        let app = UseCaseRunner(
            services: ArtistsServices(FakeArtistsAPI.service(catalog: broken), store: InMemoryStore()))
        await #expect(throws: ArtistsError.invalidTimestamp(artist: "X", value: "yesterday")) {
            try await app.run(SyncArtists())
        }
        #expect(try await app.run(ListArtists()).isEmpty)
    }

    @Test("cancelling a sync stops it between artists; what was stored stays, the next sync continues")
    func cancel() async throws {
        let gate = StoredCount()
        let subscription = app.observe { event in
            if case .progress(_, let progress) = event, progress.completed > 0 { gate.reached(progress.completed) }
        }
        fake.delay = .milliseconds(20)
        let run = app.submit(SyncArtists())
        await gate.wait(for: 2)
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        subscription.cancel()
        let kept = try await app.run(ListArtists()).count
        #expect(kept >= 2 && kept < 10)
        fake.delay = .zero
        let report = try await app.run(SyncArtists())
        #expect(report.stored.count == 10 - kept)
    }

    @Test("track registers once, then tracks; tracking again changes nothing")
    func track() async throws {
        let id = try await app.run(TrackArtist(name: "  nina SIMONE "))
        #expect(id == "nina-simone")
        #expect(fake.calls.filter { $0.endpoint == ArtistsAPI.register.name }.count == 1)
        let tracked = try await app.run(ListArtists(trackedOnly: true))
        #expect(tracked.map(\.name) == ["Nina Simone"])
        #expect(catalog.tracked(by: "user-1") == ["nina-simone"])

        #expect(try await app.run(TrackArtist(name: "Nina Simone")) == "nina-simone")
        _ = try await app.run(TrackArtist(name: "Björk"))
        #expect(fake.calls.filter { $0.endpoint == ArtistsAPI.register.name }.count == 1, "registered once")
        #expect(try await app.run(ListArtists(trackedOnly: true)).map(\.name) == ["Björk", "Nina Simone"])
        #expect(catalog.tracked(by: "user-1") == ["nina-simone", "bjork"])
    }

    @Test("a sync keeps the tracked mark of an artist it refreshes")
    func syncKeepsTracking() async throws {
        _ = try await app.run(TrackArtist(name: "Kraftwerk"))
        _ = catalog.touch(id: "kraftwerk")
        let report = try await app.run(SyncArtists())
        #expect(report.stored.contains("Kraftwerk"))
        #expect(try await app.run(ListArtists(trackedOnly: true)).map(\.id) == ["kraftwerk"])
    }

    @Test("an unknown or empty name is an error the user can act on; nothing is tracked")
    func unknownArtist() async throws {
        await #expect(throws: ArtistsError.unknownArtist("Nobody")) { try await app.run(TrackArtist(name: "Nobody")) }
        await #expect(throws: ArtistsError.emptyName) { try await app.run(TrackArtist(name: "   ")) }
        #expect(try await app.run(ListArtists()).isEmpty)
    }
}
