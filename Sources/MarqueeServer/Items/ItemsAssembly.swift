import Foundation
import MarqueeAccounts
import MarqueeCatalog
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import NIOCore
import ServiceLifecycle

/// The saved-items part of the composition root: the store, the service, the live hub and its service.
struct ItemsAssembly {
    let hub: ChangeHub<ByteBuffer>
    let service: SavedItemService
    let services: [any Service]
    /// The lane exports and snapshots are read and encoded in.
    let bulk: WorkLane

    init(
        settings: ServerSettings, database: any Database, authority: any ItemSnapshotAuthority,
        dependencies: AppDependencies
    ) {
        hub = ChangeHub(streamLimit: settings.streamLimit, encode: ServerSentEvents.change)
        service = SavedItemService(
            store: SQLSavedItemStore(database: database), publisher: hub, authority: authority,
            itemLimit: settings.itemLimit,
            changeLogLength: settings.tuning.changeLogLength, now: dependencies.now)
        bulk = WorkLane(width: settings.tuning.bulkWorkWidth)
        services = [ChangeHubService(hub: hub, heartbeat: settings.tuning.streamHeartbeat)]
    }

    /// Closes the live streams of sign-ins that ended (here, or on another instance).
    func sessionsEnded(_ ended: SessionNotice) {
        switch ended {
        case .ended(let sessionID): hub.endSession(sessionID)
        case .allEnded(let user): hub.endAll(of: user)
        }
    }

    /// Tells the account's live streams here its profile as it now is.
    func profileChanged(_ user: UserRecord) {
        guard hub.isWatched(user.id) else { return }
        hub.notify(user.id, ServerSentEvents.account(Account.shown(user.profile)))
    }

    /// Opens live streams for the route and for `LiveStreamHandler`.
    func streams(_ authenticator: Authenticator) -> LiveStreamOpener {
        LiveStreamOpener(
            items: service, authentication: AuthenticationMiddleware(authenticator: authenticator),
            heartbeatsPerSessionCheck: 4, bulk: bulk)
    }

    func routes(
        catalog: any CatalogProvider, locale: LocaleOptions, authenticator: Authenticator,
        cityWeather: SavedCitiesWeather, dependencies: AppDependencies
    ) -> ItemRoutes {
        ItemRoutes(
            items: service,
            importer: ItemImporter(items: service, catalog: catalog, locale: locale, now: dependencies.now), hub: hub,
            authentication: AuthenticationMiddleware(authenticator: authenticator), streams: streams(authenticator),
            cityWeather: cityWeather, bulk: bulk, now: dependencies.now)
    }
}

/// Moves a guest's saved items into the account they are merged into.
struct SavedItemsGuestTransfer: GuestDataTransfer {
    let items: SavedItemService

    func move(from guest: UserID, to target: UserID) async throws {
        try await items.moveAll(from: guest, to: target)
    }
}
