import ArgumentParser

/// `coffeeshop migrate backfill`.
struct Backfill: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Copy the orders the new backend lacks.")
    @OptionGroup var options: GlobalOptions
    func run() async throws { throw ValidationError("migrate needs --store mirror:OLD,NEW") }
}

/// `coffeeshop migrate verify`.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compare both backends.")
    @OptionGroup var options: GlobalOptions
    func run() async throws { throw ValidationError("migrate needs --store mirror:OLD,NEW") }
}

/// `coffeeshop migrate cutover`.
struct Cutover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Swap the roles.")
    @OptionGroup var options: GlobalOptions
    func run() async throws { throw ValidationError("migrate needs --store mirror:OLD,NEW") }
}
