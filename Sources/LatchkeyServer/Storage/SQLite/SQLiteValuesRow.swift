import SQLKit
import SQLiteKit

/// One result row of a ``SQLiteHandle`` statement, readable through SQLKit's `SQLRow`.
struct SQLiteValuesRow: SQLRow {
    /// The column names of a statement's result, shared by all of its rows.
    final class Columns: Sendable {
        let names: [String]
        let index: [String: Int]

        init(names: [String]) {
            self.names = names
            self.index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.index[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let offset = columns.index[column] else { return true }
        return values[offset] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let offset = columns.index[column] else {
            throw DecodingError.keyNotFound(
                SQLiteColumnKey(column),
                .init(codingPath: [], debugDescription: "no column \(column) in the result")
            )
        }
        return try SQLiteDataDecoder().decode(D.self, from: values[offset])
    }
}

private struct SQLiteColumnKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
