import Foundation

/// A one-line progress bar on standard error: redrawn in place on a terminal, a line per quarter otherwise.
struct ProgressBar {
    let label: String
    private var lastShown = -1
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(label: String) {
        self.label = label
    }

    mutating func update(_ done: Int, of total: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        let step = isTerminal ? 1 : 25
        guard lastShown < 0 || percent / step != lastShown / step else { return }
        lastShown = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        let line = "\(label) \(bar) \(percent)% (\(done)/\(total))"
        let end = done >= total ? "\n" : ""
        FileHandle.standardError.write(Data((isTerminal ? "\r" + line + end : line + "\n").utf8))
    }
}
