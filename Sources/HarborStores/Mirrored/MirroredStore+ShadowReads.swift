import Foundation
import Harbor
import Logging
import Metrics

// Shadow reads: a read sent to both stores at once, answered by one, compared, and every
// difference counted and logged. A failure of the secondary is reported, never thrown.
extension MirroredStore {
    /// Reads with `body` from the primary, and when the configuration shadows `collection` from
    /// the secondary too, comparing the two answers with `compare`.
    func read<T: Sendable>(
        _ collection: String,
        _ body: @escaping @Sendable (any Store) async throws -> T,
        compare: (T, T) -> [MirrorDifference]
    ) async throws -> T {
        let shadows = configuration.shadowReads
        let (primary, secondary, shadowed) = roles.withLock { roles in
            (roles.primary, roles.secondary, collection != Self.backlogCollection)
        }
        guard shadowed, replay.withLock({ shadows.shadows(collection, using: &$0.generator) }) else {
            return try await body(primary)
        }
        async let fromSecondary = Self.result { try await body(secondary) }
        let fromPrimary = try await body(primary)
        Counter(label: "harbor_mirror_shadow_reads", dimensions: [("collection", collection)]).increment()
        switch await fromSecondary {
        case .success(let answer):
            report(compare(fromPrimary, answer), during: "a shadow read")
            return shadows.answerFromSecondary ? answer : fromPrimary
        case .failure(let error):
            Counter(label: "harbor_mirror_shadow_failures", dimensions: [("collection", collection)]).increment()
            configuration.logger.warning("mirror: a shadow read of \(collection) failed on the secondary: \(error)")
            return fromPrimary
        }
    }

    /// Counts and logs `differences`: a lagging document at `notice`, a real difference at `warning`.
    func report(_ differences: [MirrorDifference], during activity: String) {
        for difference in differences {
            Counter(
                label: "harbor_mirror_differences",
                dimensions: [("kind", difference.kind.rawValue), ("lag", difference.isLag ? "true" : "false")]
            ).increment()
            if difference.isLag {
                configuration.logger.notice("mirror: \(activity) found \(difference)")
            } else {
                configuration.logger.warning("mirror: \(activity) found \(difference)")
            }
        }
    }

    /// The differences between two lists of documents: what one has and the other lacks, then
    /// versions, then contents.
    func differences(_ primary: [StoredDocument], _ secondary: [StoredDocument]) -> [MirrorDifference] {
        differences(
            Dictionary(primary.map { ($0.key, ($0.version, Content(body: $0.body, fields: $0.fields))) }) { a, _ in a },
            Dictionary(secondary.map { ($0.key, ($0.version, Content(body: $0.body, fields: $0.fields))) }) { a, _ in a
            })
    }

    /// The differences between two lists of index entries.
    func differences(_ primary: [IndexEntry], _ secondary: [IndexEntry]) -> [MirrorDifference] {
        differences(
            Dictionary(primary.map { ($0.key, ($0.version, Content(body: nil, fields: $0.fields))) }) { a, _ in a },
            Dictionary(secondary.map { ($0.key, ($0.version, Content(body: nil, fields: $0.fields))) }) { a, _ in a })
    }

    /// What a comparison looks at besides the version.
    struct Content: Equatable {
        var body: Data?
        var fields: [String: FieldValue]
    }

    /// The differences between two maps of key to version and content, ordered by key.
    func differences(
        _ primary: [DocumentKey: (Int64, Content)], _ secondary: [DocumentKey: (Int64, Content)]
    ) -> [MirrorDifference] {
        var found: [MirrorDifference] = []
        for (key, (version, content)) in primary {
            guard let (other, otherContent) = secondary[key] else {
                found.append(difference(key, .missingOnSecondary, version, nil))
                continue
            }
            if other < version {
                found.append(difference(key, .olderOnSecondary, version, other))
            } else if other > version {
                found.append(difference(key, .newerOnSecondary, version, other))
            } else if content != otherContent {
                found.append(difference(key, .contentDiffers, version, other))
            }
        }
        for (key, (other, _)) in secondary where primary[key] == nil {
            found.append(difference(key, .extraOnSecondary, nil, other))
        }
        return found.sorted { ($0.key.collection, $0.key.id) < ($1.key.collection, $1.key.id) }
    }

    private func difference(
        _ key: DocumentKey, _ kind: MirrorDifference.Kind, _ primary: Int64?, _ secondary: Int64?
    ) -> MirrorDifference {
        MirrorDifference(
            key: key, kind: kind, primaryVersion: primary, secondaryVersion: secondary, isLag: isPending(key))
    }

    /// The outcome of `body`, its error included.
    private static func result<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
