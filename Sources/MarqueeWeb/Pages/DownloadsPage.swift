/// `/downloads`: the titles saved for offline, listed by the script from the browser's storage.
public struct DownloadsPage: WebPage {
    public static let template = "downloads"
    public let chrome: Chrome

    /// The downloads page.
    public init(chrome: Chrome) { self.chrome = chrome }
}
