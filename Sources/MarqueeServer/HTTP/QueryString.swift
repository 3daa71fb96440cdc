import Foundation
import Hummingbird
import HummingbirdCore
import MarqueeCore

/// A request's query parameters, read once, as an HTML form writes them (`application/x-www-form-urlencoded`: `+` is
/// a space, `%2B` a plus), by Hummingbird's `URLEncodedFormDecoder`, the reader of the web app's form bodies too.
/// Routes validate the values through `RequestParsing`.
struct QueryString: Sendable {
    /// Each parameter's decoded value.
    let values: [String: String]

    /// Reads `uri`'s query. A parameter given twice (`kind=movie&kind=tv`), an escape that is not UTF-8, or a name
    /// with brackets (`kind[]=movie`) or a name with no `=` (`?kind`) is refused with `request.invalid_parameter`:
    /// routes take one plain value per name, and the decoder would drop anything else without a word (a bare
    /// `?kind` on a removal would then remove every kind).
    init(_ uri: URI) throws {
        guard let query = uri.query, !query.isEmpty else {
            values = [:]
            return
        }
        let pairs = query.utf8.split(separator: UInt8(ascii: "&"))
        if let bare = pairs.first(where: { !$0.contains(UInt8(ascii: "=")) }) {
            throw DomainError(
                .invalidParameter, "'\(Substring(bare).prefix(40))' has no value. Write it as name=value.")
        }
        // The decoder shows bytes that are not UTF-8 as U+FFFD, which cannot be told from a U+FFFD someone typed:
        // the escapes are checked as sent.
        if query.utf8.contains(UInt8(ascii: "%")), query.removingPercentEncoding == nil {
            throw DomainError(.invalidParameter, "A query parameter is not UTF-8 text.")
        }
        do {
            values = try URLEncodedFormDecoder().decode([String: String].self, from: query)
        } catch let error as URLEncodedFormError {
            throw Self.refusal(error)
        } catch {
            throw DomainError(.invalidParameter, "Give each query parameter once, as name=value.")
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// The parameters' names.
    var names: Dictionary<String, String>.Keys { values.keys }

    private static func refusal(_ error: URLEncodedFormError) -> DomainError {
        switch error.code {
        case .duplicateKeys:
            DomainError(
                .invalidParameter, "'\(error.value.prefix(40))' is given twice. Give each query parameter once.")
        case .failedToPercentDecode:
            DomainError(.invalidParameter, "A query parameter is not UTF-8 text.")
        default:
            DomainError(.invalidParameter, "Give each query parameter once, as name=value.")
        }
    }
}

extension Request {
    /// The value of query parameter `name` on a web page's link (`?next=`, `?done=`, `?token=`): a page still shows
    /// when its query string cannot be read, as if the link carried no such value.
    func linkValue(_ name: String) -> String? {
        (try? QueryString(uri))?[name]
    }
}
