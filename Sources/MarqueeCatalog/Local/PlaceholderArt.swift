import MarqueeCore

/// Draws placeholder posters, backdrops and portraits as SVG: the title and a subtitle on a colour derived from
/// the id, so every title looks different but stable. No artwork from anywhere else is used.
package enum PlaceholderArt {
    /// The SVG document for a placeholder.
    package static func svg(title: String, subtitle: String?, id: Int, variant: PlaceholderImages.Variant) -> String {
        let (width, height) = variant == .backdrop ? (1280, 720) : (500, 750)
        let hue = (id &* 47) % 360
        let lines = wrap(title, maxCharacters: variant == .backdrop ? 28 : 16).prefix(4)
        let fontSize = variant == .backdrop ? 64 : 52
        let firstY = height / 2 - (lines.count - 1) * fontSize * 6 / 10
        var text = ""
        for (number, line) in lines.enumerated() {
            let y = firstY + number * fontSize * 12 / 10
            text +=
                "<text x=\"50%\" y=\"\(y)\" font-size=\"\(fontSize)\" font-weight=\"700\">\(line.markupEscaped)</text>"
        }
        if let subtitle {
            let y = firstY + lines.count * fontSize * 12 / 10 + fontSize / 3
            text +=
                "<text x=\"50%\" y=\"\(y)\" font-size=\"\(fontSize * 6 / 10)\" opacity=\"0.8\">\(subtitle.markupEscaped)</text>"
        }
        let icon = variant == .profile ? "<circle cx=\"50%\" cy=\"22%\" r=\"70\" fill=\"#fff\" opacity=\"0.18\"/>" : ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
            <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">\
            <stop offset="0" stop-color="hsl(\(hue),55%,38%)"/><stop offset="1" stop-color="hsl(\((hue + 40) % 360),60%,16%)"/>\
            </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>\(icon)\
            <g fill="#fff" text-anchor="middle" font-family="Helvetica, Arial, sans-serif">\(text)</g></svg>
            """
    }

    static func wrap(_ text: String, maxCharacters: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= maxCharacters {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
