import Foundation
import MarqueeWire
import Mustache

/// A page the renderer can draw: its data plus the name of its template.
package protocol WebPage: Sendable {
    /// The template's file name without `.mustache`.
    static var template: String { get }
    /// The layout's data: title, navigation, the person signed in.
    var chrome: Chrome { get }
}

/// Renders pages from the Mustache templates that ship with the module. Every `{{value}}` is HTML-escaped.
package struct WebRenderer: Sendable {
    private let library: MustacheLibrary
    /// The static files the pages link to.
    package let assets: WebAssets

    /// Loads the templates and static files.
    package static func load() async throws -> WebRenderer {
        guard let folder = Bundle.module.url(forResource: "templates", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return WebRenderer(library: try await MustacheLibrary(directory: folder.path), assets: try WebAssets.load())
    }

    init(library: MustacheLibrary, assets: WebAssets) {
        self.library = library
        self.assets = assets
    }

    /// The page's HTML; throws when the page's template is missing (a packaging fault, answered as a 500).
    package func render<Page: WebPage>(_ page: Page) throws -> String {
        guard let html = library.render(page, withTemplate: Page.template) else {
            throw MissingTemplate(name: Page.template)
        }
        return html
    }
}

/// A page's template is not among the module's resources.
package struct MissingTemplate: Error, CustomStringConvertible {
    /// The template's name.
    package let name: String
    package var description: String { "The template '\(name).mustache' is missing." }
}
