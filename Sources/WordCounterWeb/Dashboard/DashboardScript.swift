/// The dashboard's only script: live updates. The page is complete without it.
///
/// It listens to `/api/events` with `EventSource` (carrying `?token=` when the page has one)
/// and, a quarter of a second after the last message of a burst, fetches the page again and
/// swaps in its `<main>`, so the server stays the only renderer. When the stream comes back after
/// a drop (the server restarted, the laptop slept), it fetches the page at once: messages sent
/// while it was away are lost, so the numbers on screen may be stale.
///
/// A refresh keeps what the reader was doing: the table of the chart stays open if it was, the
/// focused bar stays focused; and when today's count changed, the `aria-live` region says so.
/// When a refresh brings the daily goal reached, the region says `Daily goal reached: 1,012 words
/// today` instead, once a day for the tab (kept in `sessionStorage`), never again on later refreshes.
enum DashboardScript {
    /// The JavaScript, `Resources/dashboard.js`, built into the program (no file to ship beside it).
    static let javascript = HTML(trusted: String(decoding: PackageResources.dashboard_js, as: UTF8.self))
}
