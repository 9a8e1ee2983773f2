import ArgumentParser
import Artists
import Foundation
import Harbor
import Synchronization

struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Fetch and store the artists that changed on the API (a command; Ctrl-C stops it, keeping what it stored).",
        discussion: """
            Prints a line per artist stored, then a summary. Ctrl-C cancels the
            request in flight, keeps what was stored and exits with status 130;
            run sync again to continue.
            """)
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let app = try await options.application()
        let progress = Mutex(RunProgress(completed: 0))
        let printing = app.observe { event in
            guard case .progress(_, let report) = event else { return }
            progress.withLock { $0 = report }
            if report.completed > 0, let total = report.total, let name = report.message {
                // Unbuffered: a person (or a test) sees each artist the moment it is stored.
                FileHandle.standardOutput.write(Data("[\(report.completed)/\(total)] stored \(name)\n".utf8))
            }
        }
        let sync = app.submit(SyncArtists())
        let interruption = Interruption { sync.cancel() }
        let result = await sync.result
        interruption.remove()
        printing.cancel()
        switch result {
        case .success(let report):
            print(report.summary)
        case .failure(is CancellationError):
            let done = progress.withLock { $0 }
            let total = done.total.map { " of \($0)" } ?? ""
            FileHandle.standardError.write(
                Data("sync cancelled: \(done.completed)\(total) artists stored; run sync again to continue\n".utf8))
            throw ExitCode(130)
        case .failure(let error):
            throw OutOfTime(error) ?? error
        }
    }
}
