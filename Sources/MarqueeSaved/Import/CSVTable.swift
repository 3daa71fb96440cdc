import Foundation

/// A CSV file read as RFC 4180 describes it (quoted fields, doubled quotes, line breaks inside quotes), tolerant
/// of what real exports contain: a byte-order mark, CRLF or LF line ends, blank lines, ragged rows.
struct CSVTable {
    /// One data row: its line number in the file (for reports) and its fields by header name.
    struct Row {
        let line: Int
        let fields: [String: String]

        /// The value of `name` exactly as the file has it (a note's spaces included), nil when empty.
        func text(_ name: String) -> String? {
            guard let value = fields[name.lowercased()], !value.isEmpty else { return nil }
            return value
        }

        /// The trimmed value of the first of `names` the row has a non-empty value for.
        func value(_ names: String...) -> String? {
            for name in names {
                if let value = fields[name.lowercased()]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                    return value
                }
            }
            return nil
        }
    }

    /// Header names, lowercased and trimmed.
    let header: [String]
    let rows: [Row]

    init(_ text: String) {
        var records: [(line: Int, fields: [String])] = []
        var field = ""
        var fields: [String] = []
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        if pending == "\u{FEFF}" { pending = iterator.next() }
        func endRecord() {
            fields.append(field)
            // Spreadsheets leave rows of empty cells behind; they are blank lines, not rows.
            if !fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                records.append((recordLine, fields))
            }
            field = ""
            fields = []
        }
        while let scalar = pending {
            pending = iterator.next()
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: inQuotes = true
            case ",":
                fields.append(field)
                field = ""
            case "\r" where pending == "\n": continue
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        let header = (records.first?.fields ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        self.header = header
        rows = records.dropFirst().map { record in
            var named: [String: String] = [:]
            for (index, name) in header.enumerated() where index < record.fields.count && named[name] == nil {
                named[name] = record.fields[index]
            }
            return Row(line: record.line, fields: named)
        }
    }
}
