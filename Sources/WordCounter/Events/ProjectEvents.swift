public import Harbor

/// A project was added.
public struct ProjectAdded: DomainEvent, Equatable {
    public static let eventName = "wordcounter.project-added"
    public let name: String
    public let paths: [String]
}

/// A project's paths, target, deadline, writing days or goal changed.
public struct ProjectChanged: DomainEvent, Equatable {
    public static let eventName = "wordcounter.project-changed"
    public let name: String
}

/// A project was removed; its files stay tracked and their history stays.
public struct ProjectRemoved: DomainEvent, Equatable {
    public static let eventName = "wordcounter.project-removed"
    public let name: String
}
