extension Repository {
    /// How many aggregates `query` selects (at most its limit), counted by the store without
    /// reading them; inside a unit of work, its own pending changes count too.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a key path that is not indexed.
    public func count(_ query: Query<A>) async throws -> Int {
        let documentQuery = try query.documentQuery()
        try await persistence.prepare(A.self)
        let pending = unitOfWork?.pendingChanges(in: A.collection) ?? []
        if pending.isEmpty { return try await persistence.store.count(matching: documentQuery) }
        // Pending changes can add, move or drop documents: count the overlaid entries instead.
        var unlimited = documentQuery
        unlimited.limit = nil
        let entries = try await persistence.store.indexEntries(matching: unlimited)
        let overlaid = Self.overlay(pending, on: entries.map(\.bodiless), query: unlimited)
        return documentQuery.limit.map { min($0, overlaid.count) } ?? overlaid.count
    }

    /// One page of the aggregates `query` selects, in its order, of at most its limit, starting
    /// after `token`; a page's ``Page/next`` token is nil when no aggregate follows it.
    ///
    /// The token holds the last item's sort values and identifier, so aggregates inserted or
    /// removed between two pages never shift the next page: it neither repeats nor skips one
    /// that was there all along. Inside a unit of work its pending changes are laid over as in
    /// ``query(_:)``.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a key path that is not indexed.
    public func page(_ query: Query<A>, after token: PageToken? = nil) async throws -> Page<A> {
        let (documentQuery, size) = try Self.pageQuery(query, after: token)
        let (documents, next) = Self.cut(try await documents(documentQuery), to: size, of: documentQuery) {
            ($0.fields, $0.key.id)
        }
        return Page(items: try documents.map { try decode($0.body, key: $0.key) }, next: next)
    }

    /// The identifier, version and indexed fields of the aggregates `query` selects, in its order,
    /// without decoding (or even reading) their bodies; inside a unit of work, its pending changes
    /// are laid over, and the versions read count as reads for a later update.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a key path that is not indexed.
    public func indexEntries(_ query: Query<A>) async throws -> [IndexEntry] {
        try await indexEntries(try query.documentQuery())
    }

    /// The index entries `documentQuery` selects, laid over with the unit of work's changes.
    private func indexEntries(_ documentQuery: DocumentQuery) async throws -> [IndexEntry] {
        try await persistence.prepare(A.self)
        let pending = unitOfWork?.pendingChanges(in: A.collection) ?? []
        var storeQuery = documentQuery
        if let limit = storeQuery.limit, !pending.isEmpty { storeQuery.limit = limit + pending.count }
        let entries = try await persistence.store.indexEntries(matching: storeQuery)
        if let unitOfWork {
            for entry in entries { unitOfWork.noteRead(entry.key, version: entry.version) }
        }
        if pending.isEmpty { return entries }
        return Self.overlay(pending, on: entries.map(\.bodiless), query: documentQuery).map(\.indexEntry)
    }

    /// One page of the index entries `query` selects, in its order, of at most its limit, starting
    /// after `token`: ``indexEntries(_:)`` a page at a time, so that reading every entry of a large
    /// collection holds one page in memory, not all of them. Tokens behave as ``page(_:after:)``'s.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a key path that is not indexed.
    public func indexEntryPage(_ query: Query<A>, after token: PageToken? = nil) async throws -> IndexEntryPage {
        let (documentQuery, size) = try Self.pageQuery(query, after: token)
        let (entries, next) = Self.cut(try await indexEntries(documentQuery), to: size, of: documentQuery) {
            ($0.fields, $0.key.id)
        }
        return IndexEntryPage(entries: entries, next: next)
    }

    /// `query` from after `token`, asking for one item more than its page size (returned
    /// beside it), which tells whether another page follows.
    private static func pageQuery(_ query: Query<A>, after token: PageToken?) throws -> (DocumentQuery, Int?) {
        var documentQuery = try query.documentQuery()
        documentQuery.after = token?.position
        let size = documentQuery.limit
        if let size { documentQuery.limit = size + 1 }
        return (documentQuery, size)
    }

    /// `items`, read with ``pageQuery(_:after:)``, cut to the page `size`, and the token of the
    /// page after them (nil when none follows), made from the last item's fields and identifier.
    private static func cut<Item>(
        _ items: [Item], to size: Int?, of documentQuery: DocumentQuery,
        position: (Item) -> (fields: [String: FieldValue], id: String)
    ) -> ([Item], PageToken?) {
        guard let size, items.count > size else { return (items, nil) }
        let kept = Array(items.prefix(size))
        guard let last = kept.last.map(position) else { return (kept, nil) }
        return (kept, PageToken(position: documentQuery.position(of: last.fields, id: last.id)))
    }
}

extension IndexEntry {
    /// The entry as a document without a body, for the unit of work's overlay.
    fileprivate var bodiless: StoredDocument {
        StoredDocument(key: key, version: version, body: .init(), fields: fields)
    }
}
