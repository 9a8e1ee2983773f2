extension CollectionSchema {
    /// Creates a schema whose `multiValuedFields` (also listed in `indexedFields`) hold lists.
    public init(name: String, indexedFields: [String], multiValuedFields: [String]) {
        self.init(name: name, indexedFields: indexedFields)
        self.multiValuedFields = multiValuedFields
    }
}
