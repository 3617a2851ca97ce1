import Foundation
import LatchkeyWire

/// Reads an import file (JSON lines or CSV, or PocketBase's or Supabase's export) into numbered lines, each a user or the field errors
/// that refuse it. Lines are read lazily, so a large file is never held twice.
struct UserImportReader: Sequence {
    /// One user of the file, or why its line is refused.
    struct Line: Sendable {
        /// 1-based line number (a CSV row's first line).
        var number: Int
        var user: Result<ImportedUser, LineErrors>
    }

    /// A line's field errors.
    struct LineErrors: Error, Sendable {
        var externalId: String?
        var errors: [FieldError]
    }

    let content: String
    let format: UserImportFormat

    /// The Firebase parameters a JSON-lines file's first line gives (`{"firebaseScrypt": {…}}`),
    /// or nil when it starts with a user.
    var header: FirebaseScryptParameters? {
        var iterator = makeIterator()
        guard format == .jsonl, let first = iterator.nextRecord() else { return nil }
        return Self.firebaseHeader(first.text)
    }

    /// The parameters of a header line, or nil for a line that is not one.
    fileprivate static func firebaseHeader(_ text: String) -> FirebaseScryptParameters? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            object.keys.sorted() == ["firebaseScrypt"], let value = object["firebaseScrypt"],
            let data = try? JSONSerialization.data(withJSONObject: value)
        else { return nil }
        return try? WireCoding.makeDecoder().decode(FirebaseScryptParameters.self, from: data)
    }

    func makeIterator() -> Iterator {
        let layout = Layout(of: content, format: format)
        return Iterator(scanner: RecordScanner(text: content.utf8, quoted: layout == .csv), format: format, layout: layout)
    }

    /// How the file's records are laid out: native files by their format, PocketBase's and
    /// Supabase's by their first character (a JSON array, JSON lines, or CSV rows).
    enum Layout {
        case jsonLines, jsonArray, csv

        init(of content: String, format: UserImportFormat) {
            switch format {
            case .jsonl: self = .jsonLines
            case .csv: self = .csv
            case .pocketbase, .supabase:
                switch content.first(where: { !$0.isWhitespace }) {
                case "[": self = .jsonArray
                case "{": self = .jsonLines
                default: self = .csv
                }
            }
        }
    }

    struct Iterator: IteratorProtocol {
        var scanner: RecordScanner
        let format: UserImportFormat
        let layout: Layout
        var columns: [String]?
        var started = false
        /// A JSON array's elements, parsed on first use.
        var elements: [Any]?
        var index = 0

        fileprivate mutating func nextRecord() -> RecordScanner.Record? {
            while let record = scanner.next() {
                if !record.text.allSatisfy(\.isWhitespace) { return record }
            }
            return nil
        }

        mutating func next() -> Line? {
            if layout == .jsonArray { return nextElement() }
            while let record = nextRecord() {
                defer { started = true }
                switch (format, layout) {
                case (.jsonl, _):
                    if !started, UserImportReader.firebaseHeader(record.text) != nil { continue }
                    return Line(number: record.line, user: JSONLine.decode(record.text))
                case (.csv, _):
                    guard let columns else {
                        columns = CSVRow.header(record.text)
                        continue
                    }
                    return Line(number: record.line, user: CSVRow.decode(record.text, columns: columns))
                case (_, .csv):
                    guard let columns else {
                        columns = CSVRow.header(record.text)
                        continue
                    }
                    return Line(number: record.line, user: foreign(CSVRow.object(record.text, columns: columns)))
                default:
                    let object = (try? JSONSerialization.jsonObject(with: Data(record.text.utf8))) as? [String: Any]
                    return Line(number: record.line, user: foreign(object))
                }
            }
            return nil
        }

        /// The next element of a JSON array, numbered from 1.
        private mutating func nextElement() -> Line? {
            if elements == nil {
                let parsed = try? JSONSerialization.jsonObject(with: Data(scanner.text))
                elements = parsed as? [Any] ?? [parsed as Any]
            }
            guard let elements, index < elements.count else { return nil }
            index += 1
            return Line(number: index, user: foreign(elements[index - 1] as? [String: Any]))
        }

        private func foreign(_ row: [String: Any]?) -> Result<ImportedUser, LineErrors> {
            guard let row else { return .failure(.init(errors: [FieldError(field: "line", code: .invalidRequest, reason: "not a row")])) }
            return JSONLine.decode(object: format == .pocketbase ? ForeignUserRows.pocketbase(row) : ForeignUserRows.supabase(row))
        }
    }
}

/// Splits text into records at line ends, keeping line ends inside double quotes when `quoted`
/// (CSV), and numbers each record by the line it starts on.
struct RecordScanner {
    struct Record {
        var line: Int
        var text: String
    }

    let text: String.UTF8View
    let quoted: Bool
    private var index: String.UTF8View.Index
    private var line = 1

    init(text: String.UTF8View, quoted: Bool) {
        self.text = text
        self.quoted = quoted
        self.index = text.startIndex
    }

    mutating func next() -> Record? {
        guard index < text.endIndex else { return nil }
        let start = index
        let startLine = line
        var inQuotes = false
        while index < text.endIndex {
            let byte = text[index]
            if quoted && byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if byte == UInt8(ascii: "\n") {
                line += 1
                if !inQuotes { break }
            }
            index = text.index(after: index)
        }
        var end = index
        if index < text.endIndex { index = text.index(after: index) }
        if end > start, text[text.index(before: end)] == UInt8(ascii: "\r") { end = text.index(before: end) }
        return Record(line: startLine, text: String(Substring(text[start..<end])))
    }
}

/// A JSON line's user.
enum JSONLine {
    static func decode(_ text: String) -> Result<ImportedUser, UserImportReader.LineErrors> {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return .failure(.init(errors: [FieldError(field: "line", code: .invalidRequest, reason: "not a JSON object")]))
        }
        return decode(object: object)
    }

    /// The user an object in ``ImportedUser``'s shape holds, refusing unknown and mistyped fields.
    static func decode(object: [String: Any]) -> Result<ImportedUser, UserImportReader.LineErrors> {
        let externalId = object["externalId"] as? String
        let unknown = Set(object.keys).subtracting(ImportedUser.fields).sorted()
        guard unknown.isEmpty else {
            return .failure(.init(externalId: externalId, errors: unknown.map { FieldError(field: $0, code: .unknownField) }))
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object) else {
            return .failure(.init(externalId: externalId, errors: [FieldError(field: "line", code: .invalidRequest)]))
        }
        do {
            return .success(try WireCoding.makeDecoder().decode(ImportedUser.self, from: data))
        } catch let DecodingError.keyNotFound(key, _) {
            return .failure(.init(externalId: externalId, errors: [FieldError(field: key.stringValue, code: .invalidRequest)]))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(.init(externalId: externalId, errors: [FieldError(field: field, code: .invalidField)]))
        } catch {
            return .failure(.init(externalId: externalId, errors: [FieldError(field: "line", code: .invalidRequest)]))
        }
    }
}

/// A CSV row's user: columns named as ``ImportedUser/fields``; empty cells are absent values;
/// `emailVerified` is `true`/`false`/`1`/`0`; `identities` is a JSON array; `createdAt` is ISO 8601.
enum CSVRow {
    static func decode(_ text: String, columns: [String]) -> Result<ImportedUser, UserImportReader.LineErrors> {
        guard var object = object(text, columns: columns) else {
            return .failure(.init(errors: [FieldError(field: "line", code: .invalidRequest, reason: "column count")]))
        }
        let externalId = object["externalId"] as? String
        if let verified = object["emailVerified"] as? String {
            guard let flag = ["true": true, "1": true, "false": false, "0": false][verified.lowercased()] else {
                return .failure(.init(externalId: externalId, errors: [FieldError(field: "emailVerified", code: .invalidField)]))
            }
            object["emailVerified"] = flag
        }
        if let identities = object["identities"] as? String {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(identities.utf8)) else {
                return .failure(.init(externalId: externalId, errors: [FieldError(field: "identities", code: .invalidField)]))
            }
            object["identities"] = parsed
        }
        return JSONLine.decode(object: object)
    }

    /// A header row's column names.
    static func header(_ text: String) -> [String] {
        fields(of: text).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A row as column → cell, empty cells left out; nil when the row has another number of cells.
    static func object(_ text: String, columns: [String]) -> [String: Any]? {
        let cells = fields(of: text)
        guard cells.count == columns.count else { return nil }
        var object: [String: Any] = [:]
        for (column, cell) in zip(columns, cells) where !cell.isEmpty { object[column] = cell }
        return object
    }

    /// The row's cells (RFC 4180: double-quoted cells may hold commas, quotes doubled, and line ends).
    static func fields(of text: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var inQuotes = false
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if inQuotes {
                if character == "\"" {
                    if pending == "\"" {
                        cell.append("\"")
                        pending = characters.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell)
        return cells
    }
}
