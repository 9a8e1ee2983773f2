// A child process for HarborSQLiteTests: it opens an SQLiteStore on a file that the test (and
// other children) use at the same time, does one kind of work, and reports on stdout.
//
//   harbor-sqlite-probe open PATH
//   harbor-sqlite-probe open-on-line PATH     prints "ready", opens once a line arrives on stdin
//   harbor-sqlite-probe increment PATH WRITER COUNT DOCUMENTS
//   harbor-sqlite-probe batches PATH FIRST SIZE
//   harbor-sqlite-probe read-outbox PATH SUBSCRIBER UNTIL BATCH LOG
//   harbor-sqlite-probe sequence-on-line PATH NAME COUNT   prints "ready", takes COUNT values once a
//                                                          line arrives on stdin, prints them on one line
//   harbor-sqlite-probe mirror-backfill PRIMARY SECONDARY BATCH
//   harbor-sqlite-probe mirror-commit PRIMARY SECONDARY FIRST COUNT [JOURNAL]
//   harbor-sqlite-probe mirror-replay PRIMARY SECONDARY BATCH [JOURNAL]
//   harbor-sqlite-probe idempotent PATH KEYS     places an order under each of KEYS keys, once per key
//   harbor-sqlite-probe run-due PATH             runs the scheduled runs due until none is left
//
// Exit status 0 on success, 1 with the error on stderr, 2 on bad arguments.
import Foundation
import Harbor
import HarborSQLite
import HarborTestSupport

let arguments = Array(CommandLine.arguments.dropFirst())

do {
    switch (arguments.first, arguments.count) {
    case ("open", 2):
        _ = try SQLiteStore(path: arguments[1])
        Probe.report("opened")
    case ("open-on-line", 2):
        Probe.report("ready")
        _ = readLine()
        _ = try SQLiteStore(path: arguments[1])
        Probe.report("opened")
    case ("increment", 5):
        guard let count = Int(arguments[3]), let documents = Int(arguments[4]) else { Probe.usage() }
        try await Probe.increment(path: arguments[1], writer: arguments[2], count: count, documents: documents)
    case ("batches", 4):
        guard let first = Int(arguments[2]), let size = Int(arguments[3]) else { Probe.usage() }
        try await Probe.commitBatches(path: arguments[1], first: first, size: size)
    case ("read-outbox", 6):
        guard let until = Int64(arguments[3]), let batch = Int(arguments[4]) else { Probe.usage() }
        try await Probe.readOutbox(
            path: arguments[1], subscriber: arguments[2], until: until, batch: batch, log: arguments[5])
    case ("sequence-on-line", 4):
        guard let count = Int(arguments[3]) else { Probe.usage() }
        try await Probe.takeValues(path: arguments[1], sequence: arguments[2], count: count)
    case ("mirror-backfill", 4):
        guard let batch = Int(arguments[3]) else { Probe.usage() }
        try await Probe.mirrorBackfill(primary: arguments[1], secondary: arguments[2], batch: batch)
    case ("mirror-commit", 5), ("mirror-commit", 6):
        guard let first = Int(arguments[3]), let count = Int(arguments[4]) else { Probe.usage() }
        try await Probe.mirrorCommit(
            primary: arguments[1], secondary: arguments[2], first: first, count: count,
            journal: arguments.dropFirst(5).first
        )
    case ("mirror-replay", 4), ("mirror-replay", 5):
        guard let batch = Int(arguments[3]) else { Probe.usage() }
        try await Probe.mirrorReplay(
            primary: arguments[1], secondary: arguments[2], batch: batch, journal: arguments.dropFirst(4).first)
    case ("idempotent", 3):
        guard let count = Int(arguments[2]) else { Probe.usage() }
        let persistence = Persistence(store: try SQLiteStore(path: arguments[1]))
        try await IdempotentOrderPlacing.place(
            keys: IdempotentOrderPlacing.keys(count), persistence: persistence, report: Probe.report)
    case ("run-due", 2):
        let ran = await ScheduledRunRecording.runDue(
            persistence: Persistence(store: try SQLiteStore(path: arguments[1])))
        Probe.report("ran \(ran)")
    default:
        Probe.usage()
    }
} catch {
    FileHandle.standardError.write(Data("harbor-sqlite-probe: \(error)\n".utf8))
    exit(1)
}
