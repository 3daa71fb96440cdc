public import Observation

/// The titles kept for offline viewing, most recently saved first.
@MainActor @Observable public final class DownloadsViewModel {
    /// The downloads; empty when there are none.
    public var state: LoadState<[Download]> { loader.state }
    /// Why the last removal did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let store: any DownloadStore
    private let loader = ValueLoader<[Download]>(isEmpty: \.isEmpty)

    /// Creates the model of the downloads in `store`.
    public init(store: any DownloadStore) {
        self.store = store
    }

    /// Lists the downloads, unless they are listed.
    public func load() async {
        await loader.load(fetch)
    }

    /// Lists the downloads again.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Forgets one download.
    public func remove(_ download: Download) async {
        actionError = nil
        do {
            try await store.remove(kind: download.kind, id: download.titleID)
            loader.show(state.content?.filter { $0.id != download.id } ?? [])
        } catch {
            actionError = "The download couldn't be removed."
        }
    }

    private var fetch: ValueLoader<[Download]>.Fetch {
        { [store] in
            do {
                return try await store.all()
            } catch {
                throw DeviceFailure(message: "Your downloads couldn't be read.")
            }
        }
    }
}
