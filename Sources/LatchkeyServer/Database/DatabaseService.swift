import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Reads and writes of an app's tree under its rules. A write runs in one transaction that first
/// takes the app's next revision (locking the head row, so the app's writes run one at a time and
/// commit in revision order), checks `if-match`, resolves server values, asks the rules, replaces
/// the rows and records the ``TreeChange``; a refused write rolls back whole.
struct DatabaseService: Sendable {
    let driver: any StoreDriver
    let rules: RulesDirectory
    let time: any TimeSource
    let work: TreeWork
    let store = TreeStore()
    let pushIDs = PushIDGenerator()

    /// What a write produced.
    struct Written: Sendable {
        /// The value the protocol answers with: the data written (server values resolved) for a
        /// `PUT`, the patch for a `PATCH`.
        var value: JSONValue?
        /// The revision the write took.
        var revision: Int64
        /// How many leaves the write stored: what answering it costs.
        var leaves: Int
        /// ``value`` as canonical JSON text, written once with the rows: the change, the answer and
        /// its `ETag` all use it.
        var text: String
    }

    /// A conditional write whose `if-match` no longer holds: the current value and its tag.
    struct ConditionFailed: Error, Sendable {
        var value: JSONValue?
        var etag: String
    }

    /// The value at `path` (the children `query` selects, if any) and the revision it was read at,
    /// if the caller may read it (`DatabaseError.permissionDenied` otherwise); `priorities` keeps
    /// `.priority` members (`format=export`).
    func read(_ path: DataPath, query: DataQuery?, as caller: DatabaseCaller, priorities: Bool = false) async throws -> TreeSnapshot {
        let appID = caller.app.id
        let rules = try await rules.rules(forApp: appID)
        if let query, let index = query.requiredIndex, !rules.indexes(at: path).contains(index) {
            throw DatabaseError(
                status: .badRequest,
                message: "Index not defined, add \".indexOn\": \"\(index)\", for path \"\(path)\", to the rules"
            )
        }
        let now = time.now().epochMilliseconds
        let (leaves, revision) = try await driver.read { [store] db in
            if let auth = caller.ruleAuth {
                let context = RuleContext(auth: auth, now: now, data: TransactionTreeReader(store: store, appID: appID, db: db))
                guard try await rules.allowsRead(at: path, context: context) else { throw DatabaseError.permissionDenied }
            }
            return try await store.snapshot(app: appID, under: path, in: db)
        }
        return try await work.run(large: TreeWork.isLarge(leaves: leaves.count)) {
            let value = TreeLeaf.value(of: leaves, at: path, priorities: priorities)
            return TreeSnapshot(value: query.map { $0.apply(to: value) } ?? value, revision: revision, leaves: leaves.count)
        }
    }

    /// What the rules say of a read of `path` by `caller` now, as ``read(_:query:as:priorities:)``
    /// decides, without reading the value; an open stream asks after writes. The tree is read
    /// only when a `.read` that decides it varies with the tree or the time
    /// (``DatabaseRules/readVaries(at:)``).
    func readStanding(_ path: DataPath, as caller: DatabaseCaller) async throws -> ReadStanding {
        guard let auth = caller.ruleAuth else { return .allowed }
        let appID = caller.app.id
        let rules = try await rules.rules(forApp: appID)
        guard rules.readVaries(at: path) else { return .allowed }
        let now = time.now().epochMilliseconds
        let allowed = try await driver.read { [store] db in
            let context = RuleContext(auth: auth, now: now, data: TransactionTreeReader(store: store, appID: appID, db: db))
            return try await rules.allowsRead(at: path, context: context)
        }
        return allowed ? .allowedForNow : .refused
    }

    /// Applies `write` as `caller`, if `ifMatch` (an ``etag(of:)``) names the value at the written
    /// location (``ConditionFailed`` otherwise) and the rules allow it (`permissionDenied`).
    func apply(_ write: TreeWrite, as caller: DatabaseCaller, ifMatch: String? = nil) async throws -> Written {
        let appID = caller.app.id
        let settings = caller.app.settings
        let leaves = try Self.checkSize(of: write)
        // A value without server values is turned into rows here, before the transaction, so the
        // store's writer (on SQLite, every write of the node) waits only for the statements.
        let large = TreeWork.isLarge(leaves: leaves)
        let prepared = try await work.run(large: large) {
            try Self.locations(of: write).map { try PreparedReplacement($0.path, $0.value) }
        }
        let rules = try await rules.rules(forApp: appID)
        let now = time.now()
        let milliseconds = now.epochMilliseconds
        return try await WriteWeight.$current.withValue(large ? .heavy : .light) {
            try await driver.write { [store] db in
                let revision = try await store.nextRevision(app: appID, in: db)
                let reader = TransactionTreeReader(store: store, appID: appID, db: db)
                if let ifMatch {
                    let current = try await reader.value(at: write.path)
                    let etag = Self.etag(of: current)
                    guard etag == ifMatch || "\"\(etag)\"" == ifMatch else { throw ConditionFailed(value: current, etag: etag) }
                }
                var replacements: [PreparedReplacement] = []
                for replacement in prepared {
                    replacements.append(try await replacement.resolved(now: milliseconds, current: reader.value(at:)))
                }
                if let auth = caller.ruleAuth {
                    let context = RuleContext(auth: auth, now: milliseconds, data: reader)
                    if try await rules.refusal(of: replacements.map { DataWrite(path: $0.path, value: $0.value) }, context: context) != nil {
                        throw DatabaseError.permissionDenied
                    }
                }
                var usage = TreeUsage()
                var removable = DatabaseFeature.maximumWriteLeaves
                for replacement in replacements {
                    let removed: TreeUsage
                    do {
                        removed = try await store.replace(
                            app: appID,
                            at: replacement.path,
                            with: replacement.leaves,
                            removableRows: removable,
                            in: db
                        )
                    } catch is TreeStore.TooManyRows {
                        throw DatabaseFeature.writeTooBig
                    }
                    removable -= Int(removed.leaves)
                    usage = usage + TreeUsage(of: replacement.leaves) - removed
                }
                if try await store.record(usage, app: appID, in: db).exceedsQuota(after: usage, of: settings) {
                    throw DatabaseFeature.quotaExceeded(settings)
                }
                let change: TreeChange
                let dataText: String?
                switch write {
                case .put(let path, _):
                    change = TreeChange(revision: revision, operation: .put, path: path.description, data: replacements.first?.stored)
                    dataText = replacements.first?.storedText
                case .patch(let path, _):
                    var members: [String: JSONValue] = [:]
                    var texts: [String: String] = [:]
                    for replacement in replacements {
                        let key = replacement.path.relative(to: path).keys.joined(separator: "/")
                        members[key] = replacement.stored ?? .null
                        texts[key] = replacement.storedText ?? "null"
                    }
                    change = TreeChange(revision: revision, operation: .patch, path: path.description, data: .object(members))
                    dataText = TreeJSON.object(texts)
                }
                try ChangeFeed.record(.tree, appID, payload: change.payload(dataText: dataText), at: now)
                return Written(value: change.data, revision: revision, leaves: leaves, text: dataText ?? "null")
            }
        }
    }

    /// Refuses, before any transaction, a write that adds more leaves than one write may; the
    /// leaves it adds otherwise.
    static func checkSize(of write: TreeWrite) throws(DatabaseError) -> Int {
        let limit = DatabaseFeature.maximumWriteLeaves
        var count = 0
        switch write {
        case .put(_, let value): count = value?.scalarCount(upTo: limit) ?? 0
        case .patch(_, let children):
            for (_, value) in children where count <= limit { count += value.scalarCount(upTo: limit - count) }
        }
        guard count <= limit else { throw DatabaseFeature.writeTooBig }
        return count
    }

    /// The locations `write` replaces, with their values as sent (nil deletes).
    private static func locations(of write: TreeWrite) -> [(path: DataPath, value: JSONValue?)] {
        switch write {
        case .put(let path, let value): [(path, value)]
        case .patch(let path, let children): children.map { (path.appending($0.child), $0.value) }
        }
    }

    /// The protocol's `ETag` of a value: a hash of its canonical JSON (`null` when absent).
    static func etag(of value: JSONValue?) -> String {
        etag(ofText: TreeJSON.text(value))
    }

    /// The `ETag` of a value whose canonical JSON (``TreeJSON/text(_:pretty:)``) is `text`.
    static func etag(ofText text: String) -> String {
        Data(Insecure.SHA1.hash(data: Data(text.utf8))).base64EncodedString()
    }
}

/// What the rules say of a caller's read now, and whether that may change with the tree.
enum ReadStanding: Sendable, Equatable {
    case refused
    /// Allowed by a `.read` that reads the tree or the time: ask again after writes.
    case allowedForNow
    /// Allowed by rules that read neither (or admin access), until the rules change. (A read
    /// such rules refuse is refused at once and never reaches a stream.)
    case allowed
}
