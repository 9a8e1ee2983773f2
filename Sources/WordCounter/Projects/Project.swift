import Foundation
public import Harbor

/// A named set of files and folders a writer works toward a target in, by a deadline, on their
/// writing days: a novel, a thesis, a month of blog posts.
///
/// A project owns no file: its words are those of the tracked files under its paths, so a file can
/// belong to several projects, and tracking stays the only way a file is counted.
public struct Project: Aggregate, Equatable {
    public static let collection = "projects"

    /// The name folded to lower case, so that `Novel` and `novel` are one project.
    public let id: String
    /// The name as the writer typed it.
    public var name: String
    /// Absolute paths of the files and folders it takes its files from.
    public var paths: [String]
    /// The words the project should reach, if it has a target.
    public var target: Int?
    /// The last day to reach the target on, if it has one.
    public var deadline: Day?
    /// The days the daily quota is spread over.
    public var writingDays: WritingDays
    /// Words per writing day the writer asks of this project, beside the global daily goal.
    public var dailyGoal: Int?
    /// What happened to it since it was read: recorded when it is saved, never stored with it.
    public var events = RaisedEvents()

    /// Creates a project after checking every value.
    /// - Throws: ``InvalidProject`` for an empty name, no paths, a relative path, or a target or
    ///   daily goal that is not positive.
    public init(
        name: String, paths: [String], target: Int? = nil, deadline: Day? = nil, writingDays: WritingDays = .all,
        dailyGoal: Int? = nil
    ) throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw InvalidProject.emptyName }
        self.id = Self.id(named: trimmed)
        self.name = trimmed
        self.paths = []
        self.writingDays = writingDays
        try change(paths: paths, target: target, deadline: deadline, dailyGoal: dailyGoal)
    }

    /// The identifier of the project named `name`.
    public static func id(named name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Changes what is given (nil leaves a value as it is) after checking it.
    /// - Throws: as ``init(name:paths:target:deadline:writingDays:dailyGoal:)``.
    public mutating func change(
        paths: [String]? = nil, target: Int? = nil, deadline: Day? = nil, writingDays: WritingDays? = nil,
        dailyGoal: Int? = nil
    ) throws {
        if let paths {
            guard !paths.isEmpty else { throw InvalidProject.noPaths }
            if let relative = paths.first(where: { !$0.hasPrefix("/") }) { throw InvalidProject.relativePath(relative) }
            var unique: [String] = []
            for path in paths.map(Self.withoutTrailingSlash) where !unique.contains(path) { unique.append(path) }
            self.paths = unique
        }
        if let target {
            guard target > 0 else { throw InvalidProject.notPositive(what: "target", value: target) }
            self.target = target
        }
        if let dailyGoal {
            guard dailyGoal > 0 else { throw InvalidProject.notPositive(what: "daily goal", value: dailyGoal) }
            self.dailyGoal = dailyGoal
        }
        if let deadline { self.deadline = deadline }
        if let writingDays { self.writingDays = writingDays }
    }

    /// Whether the file at `path` belongs to the project: it is one of its paths or lies under one.
    public func contains(path: String) -> Bool {
        paths.contains { root in root == "/" || path == root || path.hasPrefix(root + "/") }
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
