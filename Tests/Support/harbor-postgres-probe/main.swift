// A child process for HarborPostgresTests: it opens a PostgresStore on a schema that the test
// (and other children) use at the same time, does one kind of work, and reports on stdout.
//
//   harbor-postgres-probe prepare URL SCHEMA
//   harbor-postgres-probe batches URL SCHEMA FIRST SIZE
//   harbor-postgres-probe replicate URL SCHEMA WRITER ROUNDS   replicates and commits 4 shared documents
//   harbor-postgres-probe idempotent URL SCHEMA KEYS   places an order under each of KEYS keys, once per key
//   harbor-postgres-probe run-due URL SCHEMA           runs the scheduled runs due until none is left
//   harbor-postgres-probe sequence URL SCHEMA NAME COUNT      takes COUNT values, prints them on one line
//
// Exit status 0 on success, 1 with the error on stderr, 2 on bad arguments.
import Foundation
import Harbor
import HarborPostgres
import HarborTestSupport

let arguments = Array(CommandLine.arguments.dropFirst())

do {
    switch (arguments.first, arguments.count) {
    case ("prepare", 3):
        try await PostgresProbe.prepare(url: arguments[1], schema: arguments[2])
    case ("batches", 5):
        guard let first = Int(arguments[3]), let size = Int(arguments[4]) else { PostgresProbe.usage() }
        try await PostgresProbe.commitBatches(url: arguments[1], schema: arguments[2], first: first, size: size)
    case ("replicate", 5):
        guard let writer = Int(arguments[3]), let rounds = Int(arguments[4]) else { PostgresProbe.usage() }
        try await PostgresProbe.replicate(url: arguments[1], schema: arguments[2], writer: writer, rounds: rounds)
    case ("idempotent", 4):
        guard let count = Int(arguments[3]) else { PostgresProbe.usage() }
        try await PostgresProbe.withStore(url: arguments[1], schema: arguments[2]) { store in
            try await IdempotentOrderPlacing.place(
                keys: IdempotentOrderPlacing.keys(count), persistence: Persistence(store: store),
                report: PostgresProbe.report)
        }
    case ("run-due", 3):
        try await PostgresProbe.withStore(url: arguments[1], schema: arguments[2]) { store in
            let ran = await ScheduledRunRecording.runDue(persistence: Persistence(store: store))
            PostgresProbe.report("ran \(ran)")
        }
    case ("sequence", 5):
        guard let count = Int(arguments[4]) else { PostgresProbe.usage() }
        try await PostgresProbe.takeValues(
            url: arguments[1], schema: arguments[2], sequence: arguments[3], count: count)
    default:
        PostgresProbe.usage()
    }
} catch {
    FileHandle.standardError.write(Data("harbor-postgres-probe: \(error)\n".utf8))
    exit(1)
}
