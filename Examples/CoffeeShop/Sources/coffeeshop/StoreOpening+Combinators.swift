import Foundation
import Harbor
import HarborStores

extension StoreOpening {
    /// Opens a mirror: commits go to the primary (the truth) and are copied to the secondary off
    /// the command's path. What the secondary still lacks is kept in a journal on this machine
    /// (``mirrorJournal(primary:secondary:)``), so a command killed before its copy loses nothing:
    /// the next command on the same two stores copies it. After `migrate cutover`, name them the
    /// other way round (`mirror:NEW,OLD`), then the new one alone.
    func openMirror(primary: StoreLocation, secondary: StoreLocation) throws -> OpenedStore {
        let first = try openPlain(primary)
        let second = try openPlain(secondary)
        // A command is short: a copy cut off by its exit is retried by the next one, so only
        // errors are worth a line; `status` tells what waits.
        var quiet = logger
        quiet.logLevel = .error
        let journal = mirrorJournal(primary: primary, secondary: secondary)
        // A command that only reads sends nothing: its mirror copies only when told to.
        let mirror = MirroredStore(
            primary: first.store, secondary: second.store,
            configuration: MirroredStore.Configuration(
                logger: quiet, journal: journal, copiesInBackground: createsStore && mirrorCopiesInBackground))
        return OpenedStore(
            store: mirror, description: "mirror of \(first.description) (primary) to \(second.description)",
            services: first.services + second.services,
            sides: first.sides.map { $0.playing("the primary of the mirror") }
                + second.sides.map { $0.playing("the secondary of the mirror") },
            mirror: mirror, readsOnly: !createsStore)
    }

    /// Where a mirror keeps its journal: beside the primary when it is a local file or folder
    /// (`PATH.mirror-journal`), else under the state folder (`COFFEESHOP_STATE`, else
    /// `$XDG_STATE_HOME/coffeeshop`, else `~/.local/state/coffeeshop`), in
    /// `mirror-journal/NAME`, NAME made of the two locations.
    func mirrorJournal(primary: StoreLocation, secondary: StoreLocation) -> URL {
        switch primary {
        case .json(let folder):
            let path = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            return URL(fileURLWithPath: path + ".mirror-journal")
        case .sqlite(let path):
            return URL(fileURLWithPath: path + ".mirror-journal")
        default:
            return stateFolder().appendingPathComponent("mirror-journal")
                .appendingPathComponent(Self.journalName(StoreLocation.mirror(primary: primary, secondary: secondary)))
        }
    }

    /// The folder for this machine's state: `COFFEESHOP_STATE`, else `$XDG_STATE_HOME/coffeeshop`,
    /// else `~/.local/state/coffeeshop`.
    func stateFolder() -> URL {
        if let folder = environment["COFFEESHOP_STATE"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            return URL(fileURLWithPath: state).appendingPathComponent("coffeeshop")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/coffeeshop")
    }

    /// A folder name for a mirror: its location's letters and digits (a password redacted), then
    /// a hash of the whole, so two mirrors never share a journal.
    static func journalName(_ location: StoreLocation) -> String {
        let text = location.description
        let readable = String(
            text.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" }
                .prefix(80))
        // FNV-1a: stable across runs, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return readable + "-" + String(hash, radix: 16)
    }

    /// Opens a fallback: the online store when it can be reached, else the local one, whose
    /// queue of changes made offline is sent when the online store answers again.
    func openFallback(online: StoreLocation, local: StoreLocation) throws -> OpenedStore {
        let remote = try openPlain(online)
        var localOpening = self
        // The local side is this machine's own copy: it is created when missing, even for a
        // command that only reads, so the first offline read finds an empty copy, not an error.
        localOpening.createsStore = true
        let nearby = try localOpening.openPlain(local)
        let fallback = FallbackStore(
            online: remote.store, local: nearby.store, configuration: FallbackStore.Configuration(logger: logger))
        return OpenedStore(
            store: fallback, description: "\(remote.description), else \(nearby.description) while it is away",
            services: remote.services + nearby.services,
            sides: remote.sides.map { $0.playing("the online store of the fallback") }, fallback: fallback)
    }
}
