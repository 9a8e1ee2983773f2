/// A command cancelled by SIGINT or SIGTERM (see ``ServiceScope``): `Main` says so and exits with
/// 128 plus the signal's number, as a shell reports a command that a signal ended.
struct CommandInterrupted: Error, CustomStringConvertible {
    /// The signal's number: 2 for SIGINT, 15 for SIGTERM.
    let signal: Int32

    /// The process's exit status.
    var exitStatus: Int32 { 128 + signal }

    var description: String {
        "interrupted"
    }
}
