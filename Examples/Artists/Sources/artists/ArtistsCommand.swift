import ArgumentParser

/// The Artists example's command line: sync artists from an API into a local SQLite store,
/// track some, list them.
@main
struct ArtistsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artists",
        abstract: "Sync artists from an API into SQLite, track them, list them (a Harbor example).",
        discussion: """
            `sync` fetches only the artists whose local copy is missing or older
            than the API's, one commit per artist, and prints a line per artist
            stored. Press Ctrl-C during a sync: the request in flight is
            cancelled, what was stored stays stored, and the next sync continues
            from there (exit status 130).

            development (the default) talks to the example's own server on
            127.0.0.1:8090, started with `swift run artists-server`; fake answers
            from memory after --fake-delay; production has no public server
            here: give it --base-url. Artists are kept in ./artists.sqlite
            unless --store says otherwise; `list` only reads it, so it fails
            when there is none yet. Several syncs may run at once on one store:
            an artist another one stored first is read again, not reported.

            Examples:
              artists sync                      # against artists-server
              artists track "Nina Simone"
              artists list --tracked
              artists sync --env fake --fake-delay 500     # try Ctrl-C
              artists sync --timeout 30         # wait up to 30 s per call (10 by default)
              artists sync --store sqlite:/tmp/artists.sqlite \\
                --base-url http://127.0.0.1:9000
            """,
        subcommands: [Sync.self, Track.self, List.self],
        defaultSubcommand: List.self
    )
}
