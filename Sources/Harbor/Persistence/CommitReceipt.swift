/// What a store reports after a commit: the new version of every document it wrote.
public struct CommitReceipt: Sendable, Equatable {
    /// The version each inserted or updated document has now; deleted documents are absent.
    public var versions: [DocumentKey: Int64]
    /// The outbox position of the last event committed, if the change set had events.
    public var lastEventPosition: Int64?

    /// Creates a receipt.
    public init(versions: [DocumentKey: Int64] = [:], lastEventPosition: Int64? = nil) {
        self.versions = versions
        self.lastEventPosition = lastEventPosition
    }
}
