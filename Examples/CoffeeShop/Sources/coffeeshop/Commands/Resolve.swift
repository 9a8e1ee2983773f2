import ArgumentParser
import Harbor

/// `coffeeshop resolve`: chooses a side of a conflict a fallback found.
struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve a conflict between an offline change and the online store (needs --store fallback:…).",
        discussion: """
            `coffeeshop status` lists conflicts: orders changed online while they were changed \
            here offline, each with both sides (the online order, the offline change) and what \
            differs. Neither side was overwritten; choose one.

            Example:
              export COFFEESHOP_STORE=fallback:http://127.0.0.1:8096,json:local
              coffeeshop sync                         # sends what waits; counts conflicts
              coffeeshop status                       # lists conflict 0017…-000000000001
              coffeeshop resolve 0017…-000000000001 --keep online
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The conflict's identifier, as `coffeeshop status` shows it.") var conflict: String
    @Option(help: "The side to keep: local (the offline change wins) or online.") var keep: Side

    /// A side of a conflict, as `--keep` names it.
    enum Side: String, ExpressibleByArgument, CaseIterable {
        case local, online
    }

    func run() async throws {
        try await options.withFallback { fallback in
            try await fallback.resolve(conflict, keeping: keep == .local ? .local : .online)
        }
        print("resolved conflict \(conflict): kept the \(keep.rawValue) side")
    }
}
