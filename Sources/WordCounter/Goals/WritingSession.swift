public import Foundation

/// A sitting at the desk: what `watch` or `serve` counts from the moment it starts, and the words
/// the writer means to write before they stop (``target``, optional).
///
/// A session's words are the net words of the days since it started, less what its first day
/// already held when it started: the same numbers as `history`, so writing saved by any process
/// (an `update`, another watcher) counts, and a session that runs past midnight keeps counting.
public struct WritingSession: Sendable, Codable, Hashable {
    /// When it started.
    public let startedAt: Date
    /// The writing day it started on.
    public let startDay: Day
    /// Net words of ``startDay`` when it started.
    public let wordsBefore: Int
    /// The words to write this session, if any.
    public let target: Int?

    /// Creates a session.
    /// - Throws: ``InvalidGoal`` for a target below one word.
    public init(startedAt: Date, startDay: Day, wordsBefore: Int, target: Int?) throws {
        if let target, target <= 0 { throw InvalidGoal(words: target) }
        self.startedAt = startedAt
        self.startDay = startDay
        self.wordsBefore = wordsBefore
        self.target = target
    }
}

/// Where a writing session stands.
public struct SessionProgress: Sendable, Equatable, Codable {
    /// Net words written since the session started.
    public let words: Int
    /// The session's target, if it has one.
    public let target: Int?

    /// Creates the progress.
    public init(words: Int, target: Int?) {
        self.words = words
        self.target = target
    }

    /// Words still to write to reach the target (0 once reached); nil without a target.
    public var remaining: Int? { target.map { WordsToGo.remaining($0, written: words) } }

    /// Whether the target is reached; false without one.
    public var isReached: Bool { target.map { words >= $0 } ?? false }

    /// Words ÷ target, from 0; nil without a target.
    public var fraction: Double? { target.map { Double(max(0, words)) / Double($0) } }
}
