// kit-bench: one person's save, and how long until `clients` other devices of that person have it. Run by
// `bench/kit`, which starts the server; prints one JSON object.
//
//   kit-bench --server http://127.0.0.1:8080 [--clients 100] [--saves 30] [--rounds 3]
//
// Each round measures, one after the other on the same server:
//   - floor: `clients` bare streams (URLSession, as MarqueeKit's transport makes them, no parsing): from sending the
//     save until its item's id is in each stream's bytes;
//   - sdk: `clients` devices, each a MarqueeClient, ChangeFeed and ItemMirror of its own: from sending the save until
//     each mirror says the item is saved.
// And the memory each idle device adds to this process, read from /proc/self/statm before and after they connect.
import Foundation
import MarqueeKit
import MarqueeWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let options = Options(CommandLine.arguments.dropFirst())
let saver = MarqueeClient(baseURL: options.server, sessions: SessionManager(storage: MemorySessionStorage()))
_ = try await saver.startGuest()
guard let session = try await saver.sessions.session() else { fatalError("no session after starting a guest") }

var nextID = 9_000_000
/// Saves a new movie through `saver`, in `arrivals`; returns each listener's wait from the save's start, in ms.
@MainActor func measureSave(_ arrivals: Arrivals, listeners: Int) async throws -> [Double] {
    nextID += 1
    let id = String(nextID)
    let started = ContinuousClock.now
    arrivals.expect(id, from: listeners)
    _ = try await saver.save(
        list: .favorites, kind: .movie, id: id, SavedItemEdit(snapshot: ItemSnapshot(title: "Film \(id)")))
    return await arrivals.arrived().map { ($0 - started).milliseconds }
}

switch options.mode {
case .latency:
    var floorWaits: [Double] = []
    var sdkWaits: [Double] = []
    for round in 1...options.rounds {
        do {
            let arrivals = Arrivals()
            let streams = try await FloorStreams.open(
                options.clients, session: session, server: options.server, arrivals)
            for _ in 0..<options.saves {
                floorWaits += try await measureSave(arrivals, listeners: options.clients)
                try await Task.sleep(for: .milliseconds(50))
            }
            streams.close()
            // Let the server finish closing the bare streams before the devices connect: not theirs to pay for.
            try await Task.sleep(for: .seconds(1))
        }
        do {
            let arrivals = Arrivals()
            let devices = try await Devices.open(options.clients, session: session, server: options.server, arrivals)
            for _ in 0..<options.saves {
                sdkWaits += try await measureSave(arrivals, listeners: options.clients)
                try await Task.sleep(for: .milliseconds(50))
            }
            await devices.close()
            try await Task.sleep(for: .seconds(1))
        }
        FileHandle.standardError.write(Data("round \(round) of \(options.rounds) done\n".utf8))
    }
    report([
        "clients": options.clients, "saves": options.saves * options.rounds, "floor_ms": summary(floorWaits),
        "sdk_ms": summary(sdkWaits),
    ])
case .memory(let sdk):
    // In a process of its own each time: memory freed by one kind would be taken again by the other unseen.
    let arrivals = Arrivals()
    let before = residentBytes()
    if sdk {
        let devices = try await Devices.open(options.clients, session: session, server: options.server, arrivals)
        try await Task.sleep(for: .seconds(2))
        report([
            "clients": options.clients, "bytes_per_idle": Double(residentBytes() - before) / Double(options.clients),
        ])
        await devices.close()
    } else {
        let streams = try await FloorStreams.open(options.clients, session: session, server: options.server, arrivals)
        try await Task.sleep(for: .seconds(2))
        report([
            "clients": options.clients, "bytes_per_idle": Double(residentBytes() - before) / Double(options.clients),
        ])
        streams.close()
    }
}
