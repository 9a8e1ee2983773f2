import Harbor

/// A ``CommitReceipt`` on the wire: the versions as a list, since JSON keys are strings.
struct CommitReceiptObject: Codable, Sendable {
    var versions: [VersionObject]
    var lastEventPosition: Int64?

    init(_ receipt: CommitReceipt) {
        versions = receipt.versions.map { VersionObject(key: $0.key, version: $0.value) }
        lastEventPosition = receipt.lastEventPosition
    }

    var receipt: CommitReceipt {
        CommitReceipt(versions: VersionObject.dictionary(versions), lastEventPosition: lastEventPosition)
    }
}
