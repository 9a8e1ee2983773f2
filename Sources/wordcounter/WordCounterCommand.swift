import ArgumentParser

/// `wordcounter`: counts the words of the files a writer works on, and how many were written each day.
struct WordCounterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wordcounter",
        abstract: "Track the files you write, count their words, and see how much you wrote each day.",
        discussion: """
            Start by tracking a folder; its text files (.md .markdown .mdown .mkd .txt .text .rst \
            .tex .org .fountain) are counted, and their first count is the baseline, so tracking a \
            finished draft writes nothing today. Then write, run `update` (or keep `watch` \
            running), and look at `status`, `history` and `goal`.

              wordcounter track ~/novel
              wordcounter goal set --daily 1000
              wordcounter update
              wordcounter watch                 # or keep this running: counts stay current
              wordcounter status
              wordcounter history --days 7
              wordcounter project add Novel ~/novel --target 80000 --deadline 2027-03-01
              wordcounter target set ~/novel/chapter-1.md 3000
              wordcounter serve              # a dashboard at http://127.0.0.1:8080/

            Counts live in a SQLite database: --database PATH, or $WORDCOUNTER_DATABASE, or \
            $XDG_DATA_HOME/wordcounter/wordcounter.sqlite (~/.local/share/… without it); or on \
            a PostgreSQL server that several machines share: --database postgres://user@host/db \
            (each machine names itself with --machine; see `history --by machine` and `copy`). \
            Word Counter stores counts and fingerprints, never your text.

            Exit status: 0 on success, 1 when a file could not be handled (the others still \
            were), 2 on a usage error.
            """,
        version: "1.0.0-beta.1",
        subcommands: [
            Count.self, Track.self, Untrack.self, Update.self, Watch.self, Serve.self, Status.self,
            History.self, Sessions.self, GoalCommand.self, TargetCommand.self, ProjectCommand.self,
            Missing.self, Relocate.self, Forget.self, Config.self, Export.self, Copy.self,
        ]
    )
}
