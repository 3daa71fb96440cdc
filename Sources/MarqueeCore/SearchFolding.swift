import Foundation

extension String {
    /// The text as search and sorting compare it: lowercased, without diacritics, so "Amélie" finds "amelie".
    package var searchFolded: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
