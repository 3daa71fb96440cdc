/// `/downloads`: the titles saved for offline, listed by the script from the browser's storage.
package struct DownloadsPage: WebPage {
    package static let template = "downloads"
    package let chrome: Chrome

    /// The downloads page.
    package init(chrome: Chrome) { self.chrome = chrome }
}
