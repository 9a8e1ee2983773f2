public import Harbor

/// The behaviour every `Store` adapter must have, as named checks that any test framework can run.
///
/// Run every check against a fresh store of the adapter under test, one test case per check:
///
/// ```swift
/// import HarborTesting
/// import Testing
///
/// @Test(arguments: StoreContract.checks())
/// func contract(_ check: StoreContract.Check) async throws {
///     try await check.run { InMemoryStore() }
/// }
///
/// @Test(arguments: StoreContract.durabilityChecks())
/// func durability(_ check: StoreContract.DurabilityCheck) async throws {
///     let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
///     try await check.run { try JSONFileStore(folder: folder) }
/// }
/// ```
///
/// A check fails by throwing a ``ContractViolation`` that says what was expected and where it
/// was checked, or by letting an unexpected error of the store through. The checks cover
/// documents and versions, atomic multi-document commits, the outbox, subscriber positions and
/// dead letters, queries, concurrent commits, unique fields, checked reads, replication beside
/// concurrent writers, sequences and the input bounds of `StoreLimits`;
/// ``durabilityChecks()`` add what a store that persists must keep
/// across reopening.
public enum StoreContract {
    /// The port whose behaviour a check covers. A check of either port runs on a whole store,
    /// since events reach the outbox only through a commit of the document port.
    public enum Port: String, Sendable, CaseIterable {
        /// `DocumentStore`: documents, versions, queries, unique values, checked reads, replication,
        /// sequences.
        case documents
        /// `Outbox`: events in commit order, subscriber positions, dead letters, commit signals.
        case outbox
    }

    /// One named behaviour of a port, checked against a fresh store.
    public struct Check: Sendable, CustomStringConvertible {
        /// What the check verifies, as a sentence; also its ``description``, so test names read well.
        public let name: String
        /// The port whose behaviour it checks.
        public private(set) var port: Port = .documents
        let body: @Sendable (any Store) async throws -> Void

        init(_ name: String, _ body: @escaping @Sendable (any Store) async throws -> Void) {
            self.name = name
            self.body = body
        }

        /// This check, as one of `port`'s.
        func covering(_ port: Port) -> Check {
            var check = self
            check.port = port
            return check
        }

        public var description: String { name }

        /// Runs the check on a store from `makeStore`, which must return a new, empty store.
        /// - Throws: ``ContractViolation`` when the store breaks the contract, or the store's own
        ///   error when it fails unexpectedly.
        public func run(_ makeStore: @Sendable () async throws -> any Store) async throws {
            let store = try await makeStore()
            do {
                try await body(store)
            } catch var violation as ContractViolation {
                violation.check = name
                throw violation
            }
        }
    }

    /// One behaviour a durable store keeps when it is closed and opened again.
    public struct DurabilityCheck: Sendable, CustomStringConvertible {
        /// What the check verifies, as a sentence; also its ``description``.
        public let name: String
        let body: @Sendable (_ open: () async throws -> any Store) async throws -> Void

        init(_ name: String, _ body: @escaping @Sendable (_ open: () async throws -> any Store) async throws -> Void) {
            self.name = name
            self.body = body
        }

        public var description: String { name }

        /// Runs the check; every call of `open` must open the same storage again (empty the first
        /// time), as a new process would.
        /// - Throws: ``ContractViolation`` when the store forgets or changes what it kept.
        public func run(_ open: @Sendable () async throws -> any Store) async throws {
            do {
                try await body(open)
            } catch var violation as ContractViolation {
                violation.check = name
                throw violation
            }
        }
    }

    /// Every check of both ports' behaviour, in a stable order.
    public static func checks() -> [Check] {
        let outbox = outboxChecks() + deadLetterChecks() + outboxOrderChecks() + outboxLimitChecks()
        let documents =
            documentChecks() + queryChecks() + rangeChecks() + concurrencyChecks() + constraintChecks()
            + uniqueValuesChecks() + readSetChecks() + replicationChecks() + limitChecks() + sequenceChecks()
        return documents + outbox.map { $0.covering(.outbox) }
    }

    /// The checks of one port, in the order of ``checks()``.
    public static func checks(of port: Port) -> [Check] {
        checks().filter { $0.port == port }
    }

    /// The checks for stores that keep their data when closed and opened again.
    public static func durabilityChecks() -> [DurabilityCheck] {
        reopeningChecks() + deadLetterDurabilityChecks() + sequenceDurabilityChecks()
    }
}
