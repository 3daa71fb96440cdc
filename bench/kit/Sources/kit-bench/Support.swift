import Foundation

/// The command line: `--server URL`, `--clients N`, `--saves N`, `--rounds N`, `--mode latency|memory-sdk|memory-floor`.
struct Options {
    enum Mode {
        case latency
        /// Memory per idle device (`true`) or per bare stream.
        case memory(sdk: Bool)
    }

    var server = URL(string: "http://127.0.0.1:8080")!
    var clients = 100
    var saves = 30
    var rounds = 3
    var mode = Mode.latency

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { fatalError("\(name) needs a value") }
            switch name {
            case "--server": server = URL(string: value) ?? server
            case "--clients": clients = Int(value) ?? clients
            case "--saves": saves = Int(value) ?? saves
            case "--rounds": rounds = Int(value) ?? rounds
            case "--mode":
                mode =
                    value == "memory-sdk"
                    ? .memory(sdk: true) : value == "memory-floor" ? .memory(sdk: false) : .latency
            default: fatalError("unknown option \(name)")
            }
        }
    }
}

/// This process's resident memory, from /proc/self/statm.
func residentBytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// p50, p99 and the largest of `values`, and how many.
func summary(_ values: [Double]) -> [String: Double] {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return [:] }
    func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
    return ["p50": at(0.5), "p99": at(0.99), "max": sorted[sorted.count - 1], "count": Double(sorted.count)]
}

/// Prints `fields` as one JSON object.
func report(_ fields: [String: Any]) {
    let json = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    print(String(decoding: json, as: UTF8.self))
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
