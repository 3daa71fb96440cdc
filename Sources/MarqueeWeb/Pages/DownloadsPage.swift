/// `/downloads`: the titles saved for offline, listed by the script from the browser's storage.
package struct DownloadsPage: WebPage {
    package static let template = "downloads"
    package let chrome: Chrome
    /// The card the script draws more of (`card-template.mustache`).
    let cardTemplate = Card.template

    /// The downloads page.
    package init(chrome: Chrome) { self.chrome = chrome }
}
