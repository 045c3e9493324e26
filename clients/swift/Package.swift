// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "Lsk",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Lsk", targets: ["Lsk"]),
    ],
    targets: [
        .target(name: "Lsk", path: "Sources/Lsk"),
    ]
)
