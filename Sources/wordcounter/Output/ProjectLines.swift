import WordCounter

/// The lines `project list` and `goal` print for one project.
struct ProjectLines {
    let progress: ProjectProgress
    /// For the reading time, when a reading speed is set.
    let settings: Settings
    /// The project's files that have a target (`wordcounter target`), listed under it.
    var targets: [FileStatusRow] = []

    /// The rows of `rows` with a target whose file is one of `progress`'s paths or below one.
    static func targets(of progress: ProjectProgress, in rows: [FileStatusRow]) -> [FileStatusRow] {
        rows.filter { row in
            row.target != nil && progress.paths.contains { row.path == $0 || row.path.hasPrefix($0 + "/") }
        }
    }

    /// ` · about 165 min to read`, or nothing without a reading speed.
    var readingTime: String {
        settings.readingMinutes(for: progress.words).map { " · about \($0.grouped) min to read" } ?? ""
    }

    /// The name and files, words against the target, the deadline's quota and today's words.
    var text: String {
        var lines = [
            "\(progress.name.escapedForTerminal): \(progress.files.grouped) \(progress.files == 1 ? "file" : "files") in "
                + progress.paths.map(\.escapedForTerminal).joined(separator: ", ")
        ]
        if let target = progress.target, let fraction = progress.fraction {
            let filled = min(30, Int(fraction * 30))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
            lines.append(
                "  \(progress.words.grouped) of \(target.grouped) words (\(Int(fraction * 100))%)  \(bar)\(readingTime)"
            )
        } else {
            lines.append(
                "  \(progress.words.grouped) words" + (progress.deadline.map { ", deadline \($0)" } ?? "") + readingTime
            )
        }
        if let deadline = progress.deadline, progress.target != nil {
            let left = progress.writingDaysLeft ?? 0
            let days = "\(left.grouped) writing \(left == 1 ? "day" : "days") (\(progress.writingDays)) left"
            if let remaining = progress.remaining, remaining == 0 {
                lines.append("  Target reached; deadline \(deadline).")
            } else if let quota = progress.dailyQuota, let remaining = progress.remaining {
                lines.append("  \(remaining.grouped) to go by \(deadline): \(days), \(quota.grouped) a day")
            } else {
                lines.append("  Deadline \(deadline) has passed with \((progress.remaining ?? 0).grouped) words to go.")
            }
        }
        if !progress.todayIsWritingDay, progress.todayRemaining != nil {
            lines.append("  Today: \(progress.today.grouped) words; not a writing day.")
        } else if let toGo = progress.todayRemaining {
            let asked = progress.dailyQuota ?? progress.dailyGoal ?? 0
            lines.append(
                "  Today: \(progress.today.grouped) of \(asked.grouped) words"
                    + (toGo > 0 ? ", \(toGo.grouped) to go." : ", done for today."))
        } else {
            lines.append("  Today: \(progress.today.grouped) words.")
        }
        if !targets.isEmpty {
            let met = targets.count { $0.targetMet == true }
            lines.append("  Chapter targets: \(met.grouped) of \(targets.count.grouped) met")
            for row in targets {
                lines.append("    \(TargetCommand.progress(row))  \(row.path.escapedForTerminal)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
