import Foundation
import Harbor
import HarborSQLite

/// The work a probe process does; each runs against a store that other processes share.
enum Probe {
    /// A counter that several processes increment.
    struct Counter: Aggregate {
        static let collection = "counters"
        let id: String
        var value: Int
    }

    /// A document each writer inserts besides its increments.
    struct Note: Aggregate {
        static let collection = "notes"
        static let indexes: [IndexedField<Note>] = [.field("writer", \.writer)]
        let id: String
        let writer: String
    }

    /// One document of a batch; all documents of a batch share its number.
    struct BatchItem: Aggregate {
        static let collection = "batch-items"
        static let indexes: [IndexedField<BatchItem>] = [.field("batch", \.batch)]
        let id: String
        let batch: Int
    }

    /// The event each document of a batch records.
    struct ItemCommitted: DomainEvent {
        static let eventName = "probe.item-committed"
        let batch: Int
        let index: Int
    }

    /// Does `count` read-modify-write increments of the counter `shared`, retrying each on a
    /// conflict, and inserts `documents` notes of its own along the way.
    static func increment(path: String, writer: String, count: Int, documents: Int) async throws {
        let persistence = Persistence(store: try SQLiteStore(path: path))
        var retries = 0
        for index in 0..<count {
            while true {
                do {
                    try await persistence.perform { unitOfWork in
                        let counters = unitOfWork.repository(Counter.self)
                        guard var counter = try await counters.find("shared") else {
                            throw StoreError.invalidData(nil, reason: "the counter is missing")
                        }
                        counter.value += 1
                        try counters.update(counter)
                        if index < documents {
                            try unitOfWork.repository(Note.self).add(Note(id: "\(writer)-\(index)", writer: writer))
                        }
                    }
                    break
                } catch let error as StoreError where error.isConflict {
                    retries += 1
                }
            }
        }
        report("done \(count) retries \(retries)")
    }

    /// Commits batches `first`, `first + 1`, … of `size` documents and `size` events each, until
    /// killed, reporting each batch once it is committed. The outbox keeps every event (no
    /// retention): the test matches each batch's events to its documents, however many a fast
    /// machine commits before the kill.
    static func commitBatches(path: String, first: Int, size: Int) async throws {
        let persistence = Persistence(store: try SQLiteStore(path: path), outboxRetention: .keepAll)
        for batch in first... {
            try await persistence.perform { unitOfWork in
                let items = unitOfWork.repository(BatchItem.self)
                for index in 0..<size {
                    try items.add(BatchItem(id: "\(batch)-\(index)", batch: batch))
                    try unitOfWork.record(ItemCommitted(batch: batch, index: index))
                }
            }
            report("committed \(batch)")
        }
    }

    /// Reads the outbox as a durable subscriber until it has processed `until`: resumes after the
    /// stored position, logs each event's position, then stores the position of each batch.
    static func readOutbox(path: String, subscriber: String, until: Int64, batch: Int, log: String) async throws {
        let store = try SQLiteStore(path: path)
        guard FileManager.default.fileExists(atPath: log) || FileManager.default.createFile(atPath: log, contents: nil),
            let output = FileHandle(forWritingAtPath: log)
        else { throw StoreError.backend(location: log, reason: "cannot write the log") }
        output.seekToEndOfFile()
        var position = try await store.position(ofSubscriber: subscriber)
        // One write per line, so that a kill leaves whole lines only.
        output.write(Data("start \(position)\n".utf8))
        while position < until {
            let events = try await store.events(after: position, limit: batch)
            if events.isEmpty {
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            for event in events { output.write(Data("\(event.position)\n".utf8)) }
            position = events[events.count - 1].position
            try await store.setPosition(position, ofSubscriber: subscriber)
        }
        report("read through \(position)")
    }

    /// Opens the store, prints "ready", and once a line arrives on stdin takes `count` values of
    /// `sequence`, then prints them on one line: "values 3 5 6 …".
    static func takeValues(path: String, sequence: String, count: Int) async throws {
        let store = try SQLiteStore(path: path)
        report("ready")
        _ = readLine()
        var values: [Int64] = []
        for _ in 0..<count { values.append(try await store.nextValue(of: sequence)) }
        report("values " + values.map(String.init).joined(separator: " "))
    }

    /// Prints `line` at once, so that a test reading the output file sees it even if killed later.
    static func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: see the comment at the top of main.swift\n".utf8))
        exit(2)
    }
}
