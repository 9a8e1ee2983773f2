/// The dashboard's stylesheet, inline in the page: system fonts, no downloads, light and dark.
enum DashboardStyle {
    /// The CSS, `Resources/dashboard.css`, built into the program (no file to ship beside it).
    static let css = HTML(trusted: String(decoding: PackageResources.dashboard_css, as: UTF8.self))
}
