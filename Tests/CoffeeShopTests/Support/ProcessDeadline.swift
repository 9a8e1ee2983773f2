import Foundation

/// A child process that did not do what a test waited for within its deadline.
struct ProcessDeadline: Error, CustomStringConvertible {
    let description: String

    /// Waits for `exited` to finish, or fails after `deadline`: the deadline only bounds a wait
    /// on another process, it never stands in for one.
    static func wait(
        for exited: AsyncStream<Void>, deadline: Duration, _ what: @autoclosure () -> String
    ) async throws {
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in exited {}
                return true
            }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        guard finished else { throw ProcessDeadline(description: "\(what()) did not finish within \(deadline)") }
    }
}
