import Foundation
import Testing

/// A real `marquee serve` process (the binary the test command built), on a free loopback port.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: the pipe is only touched from the test that owns this value.
    private let process: ChildProcess
    private let output: Pipe
    /// The port it listens on.
    let port: Int

    /// The built binary.
    static var binary: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/marquee")
    }

    private init(process: ChildProcess, output: Pipe, port: Int) {
        self.process = process
        self.output = output
        self.port = port
    }

    /// Starts `marquee serve` with `environment` (added to this process's), on `port` (0: any free one), and waits
    /// until it says where it listens.
    static func start(environment: [String: String], port: Int = 0) async throws -> ServerProcess {
        var merged = ProcessInfo.processInfo.environment
        merged["MARQUEE_LOG_LEVEL"] = merged["MARQUEE_TEST_LOG"] ?? "warning"
        // No test reaches the internet: weather is off unless a test says otherwise.
        merged["MARQUEE_WEATHER_PROVIDER"] = "off"
        merged.merge(environment) { $1 }
        let output = Pipe()
        let process = try ChildProcess.launch(
            binary.path, ["serve", "--port", String(port), "--host", "127.0.0.1"], environment: merged,
            stdout: .descriptor(output.fileHandleForWriting.fileDescriptor))
        try output.fileHandleForWriting.close()
        let bound = await Self.boundPort(output.fileHandleForReading)
        guard let bound else {
            let status = process.isRunning ? nil : process.waitUntilExit()
            process.signal(SIGTERM)
            throw ServerProcessFailed(status: status)
        }
        return ServerProcess(process: process, output: output, port: bound)
    }

    /// Reads standard output until "Marquee is running at http://HOST:PORT" (nil if it ends first).
    private static func boundPort(_ handle: FileHandle) async -> Int? {
        await offThePool {
            var text = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                text += String(decoding: chunk, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Marquee is running at ") }),
                    let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
                {
                    return port
                }
            }
        }
    }

    /// Kills it at once (SIGKILL): no shutdown, no flushing, like a power cut to the process.
    func kill() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }

    /// Asks it to stop (SIGTERM) and waits; returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        process.signal(SIGTERM)
        return process.waitUntilExit()
    }

    /// Asks it to stop (SIGTERM) and waits without holding a thread; returns its exit status.
    @discardableResult
    func stopped() async -> Int32 {
        process.signal(SIGTERM)
        return await process.exited()
    }

    deinit { kill() }
}

struct ServerProcessFailed: Error, CustomStringConvertible {
    let status: Int32?
    var description: String { "marquee serve did not start (exit status \(status.map(String.init) ?? "unknown"))" }
}

/// Runs the built `marquee` binary with `arguments` to its end, typing `input` (if any) on its standard input;
/// returns its exit status and output (both streams).
func runMarquee(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws
    -> (status: Int32, output: String)
{
    let output = Pipe()
    let stdin = Pipe()
    let process = try ChildProcess.launch(
        ServerProcess.binary.path, arguments,
        environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
        stdin: .descriptor(stdin.fileHandleForReading.fileDescriptor),
        stdout: .descriptor(output.fileHandleForWriting.fileDescriptor),
        stderr: .descriptor(output.fileHandleForWriting.fileDescriptor))
    try output.fileHandleForWriting.close()
    try stdin.fileHandleForReading.close()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let data = await offThePool { output.fileHandleForReading.readDataToEndOfFile() }
    return (await process.exited(), String(decoding: data, as: UTF8.self))
}
