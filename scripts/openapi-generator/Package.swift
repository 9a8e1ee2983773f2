// swift-tools-version: 6.0
// Builds swift-openapi-generator's command-line tool for scripts/openapi-generate, apart from the
// main package: its code is generated once and committed, so no build of the main package
// builds the generator (minutes on two cores).
import PackageDescription

let package = Package(
    name: "openapi-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
