import ArgumentParser
import Artists

struct Track: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Track an artist by name (a command; registers this installation with the API the first time).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The artist's name, like \"Nina Simone\" (case does not matter).") var name: String

    func run() async throws {
        let app = try await options.application()
        let id: String
        do {
            id = try await app.run(TrackArtist(name: name))
        } catch {
            throw OutOfTime(error) ?? error
        }
        print("tracking \(id)")
    }
}
