/// A store: both persistence ports, the documents (``DocumentStore``) and the outbox of the
/// events committed with them (``Outbox``).
///
/// Every adapter implements both, since a commit writes documents and events in one
/// transaction. `HarborTesting`'s `StoreContract` checks each port's behaviour; its checks name
/// the port they cover.
public typealias Store = DocumentStore & Outbox
