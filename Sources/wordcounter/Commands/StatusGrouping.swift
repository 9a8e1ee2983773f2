import ArgumentParser

/// What one line of `wordcounter status` is: a tracked file, or a folder with the files below it.
enum StatusGrouping: String, ExpressibleByArgument, CaseIterable {
    case file, folder
}
