import Foundation

/// A link in a row of tabs or sort choices, marked when it is the page shown.
package struct PageLink: Sendable {
    let href: String
    let label: String
    let current: Bool

    /// A link to `href`; `current` marks the page being shown.
    package init(href: String, label: String, current: Bool = false) {
        self.href = href
        self.label = label
        self.current = current
    }
}

/// One option of a `<select>`.
struct Choice: Sendable {
    let value: String
    let label: String
    let selected: Bool
}
