import Harbor

extension StoreOpening {
    /// Opens a mirror: writes to both, the primary's result the truth.
    func openMirror(primary: StoreLocation, secondary: StoreLocation, location: StoreLocation) throws -> OpenedStore {
        throw StoreLocationError.unknown(location.description)
    }

    /// Opens a fallback: the online store when it can be reached, else the local one.
    func openFallback(online: StoreLocation, local: StoreLocation) throws -> OpenedStore {
        throw StoreLocationError.unknown("fallback:\(online),\(local)")
    }
}
