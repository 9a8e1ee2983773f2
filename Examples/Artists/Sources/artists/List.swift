import ArgumentParser
import Artists
import Foundation

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the artists in the local store, by name (a query: sends nothing, creates nothing).")
    @OptionGroup var options: GlobalOptions
    @Flag(help: "Only the tracked artists.") var tracked = false

    func run() async throws {
        let app = try await options.application(creatingStore: false)
        let artists = try await app.run(ListArtists(trackedOnly: tracked))
        if artists.isEmpty {
            print(
                tracked ? "no tracked artists; track one with `artists track NAME`" : "no artists; run `artists sync`")
        }
        for artist in artists {
            let updated = artist.updatedAt.formatted(.iso8601)
            print(
                "\(artist.isTracked ? "*" : " ") \(artist.name) (\(artist.genre), \(artist.albumCount) albums, updated \(updated))"
            )
        }
    }
}
