import Foundation

/// A one-line progress bar on standard error: redrawn in place on a terminal, a few plain lines otherwise.
struct ProgressBar {
    let total: Int
    let label: String
    private var lastShown = -1
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    mutating func update(_ done: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        let step = isTerminal ? 1 : 25
        guard percent / step != lastShown / step || lastShown < 0 else { return }
        lastShown = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        let line = "\(label) \(bar) \(percent)% (\(done)/\(total))"
        FileHandle.standardError.write(Data((isTerminal ? "\r" + line : line + "\n").utf8))
    }

    mutating func finish() {
        update(total)
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
