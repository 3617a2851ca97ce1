import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The protocol's REST operations on `<path>.json`, every method one catch-all route (see
/// ``RouteTable/Route/isCatchAll`` and ``NoRouteMiddleware``): every path ending in `.json` that
/// no other route serves is the tree's, so every key is reachable, `v1` or `oauth` too; the key
/// `openapi` as `/openapi/.json` (`/openapi.json` is the API document). Answers are the
/// protocol's: JSON values, and errors as `{"error": "…"}`.
extension DatabaseFeature {
    func treeRoutes(into table: inout RouteTable) {
        let caller = Access.scheme(callers.scheme)
        table.on(.get, Self.treePath, operation: "DatabaseGet", access: caller) { request, context in
            if request.asksForEventStream {
                return try await answer(request, context) { caller, path, options in
                    guard options.shapesNoStream else {
                        throw DatabaseError(
                            status: .badRequest,
                            message: "print, shallow, format, callback and download are not supported on a stream."
                        )
                    }
                    let credential = StreamCredential(
                        caller: caller,
                        claims: try context.treeCaller.token,
                        client: context.clientInfo
                    )
                    return try await streams.response(
                        to: request,
                        at: path,
                        query: options.query,
                        caller: caller,
                        credential: credential,
                        connection: context.channel,
                        logger: context.logger
                    )
                }
            }
            return try await answer(request, context) { caller, path, options in
                let snapshot = try await service.read(path, query: options.query, as: caller, priorities: options.export)
                let since = request.headers[.ifNoneMatch]
                let tagged = since != nil || request.headers[Self.firebaseETag]?.lowercased() == "true"
                return try await answer(costing: snapshot.leaves) {
                    let value = options.shallow ? Self.shallow(snapshot.value) : snapshot.value
                    guard tagged else { return options.response(value) }
                    let etag = DatabaseService.etag(of: snapshot.value)
                    if let since, since == etag || since == "\"\(etag)\"" {
                        return Response(status: .notModified, headers: [.eTag: etag])
                    }
                    return options.response(value, headers: [.eTag: etag])
                }
            }
        }

        table.on(.put, Self.treePath, operation: "DatabasePut", access: caller) { request, context in
            try await write(.put, request, context)
        }
        table.on(.patch, Self.treePath, operation: "DatabasePatch", access: caller) { request, context in
            try await write(.patch, request, context)
        }
        table.on(.post, Self.treePath, operation: "DatabasePost", access: caller) { request, context in
            try await write(.post, request, context)
        }
        table.on(.delete, Self.treePath, operation: "DatabaseDelete", access: caller) { request, context in
            try await write(.delete, request, context)
        }
    }

    /// A write by `method`; a `POST` that names another method in `X-HTTP-Method-Override` (or
    /// the `x-http-method-override` query parameter) is that method's write, as the protocol
    /// lets clients that can only send `GET` and `POST` (browsers' forms, some proxies) write.
    private func write(_ method: HTTPRequest.Method, _ request: Request, _ context: LatchkeyRequestContext) async throws -> Response {
        try await answer(request, context) { caller, path, options in
            let method = try method == .post ? Self.overridden(request) ?? .post : method
            switch method {
            case .put:
                let value = try await body(of: request)
                let written = try await service.apply(.put(path, value), as: caller, ifMatch: request.headers[.ifMatch])
                return try await answer(costing: written.leaves) {
                    options.response(written.value, canonical: written.text, headers: [.eTag: DatabaseService.etag(ofText: written.text)])
                }
            case .patch:
                let written = try await service.apply(try TreeWrite.patch(try await body(of: request), at: path), as: caller)
                return try await answer(costing: written.leaves) { options.response(written.value, canonical: written.text) }
            case .delete:
                _ = try await service.apply(.put(path, nil), as: caller, ifMatch: request.headers[.ifMatch])
                return options.response(nil)
            default:
                let value = try await body(of: request)
                guard path.keys.count < DataPath.maximumDepth else { throw Self.invalidPath }
                let name = service.pushIDs.make(at: service.time.now().epochMilliseconds)
                _ = try await service.apply(.put(path.child(name), value), as: caller)
                return options.response(.object(["name": .string(name)]))
            }
        }
    }

    /// The write method a `POST` names in place of its own (in the header, the parameter or
    /// both, which must then agree); nil when it names none.
    private static func overridden(_ request: Request) throws(DatabaseError) -> HTTPRequest.Method? {
        let named = try [request.headers[methodOverride], TreeParameters(request.uri.query)[methodOverrideParameter]]
            .compactMap { $0 }.map(writeMethod(named:))
        guard let method = named.first else { return nil }
        guard named.allSatisfy({ $0 == method }) else {
            throw DatabaseError(status: .badRequest, message: "X-HTTP-Method-Override and x-http-method-override name different methods.")
        }
        return method
    }

    private static func writeMethod(named name: String) throws(DatabaseError) -> HTTPRequest.Method {
        switch name.uppercased() {
        case "PUT": .put
        case "PATCH": .patch
        case "DELETE": .delete
        case "POST": .post
        default: throw DatabaseError(status: .badRequest, message: "X-HTTP-Method-Override must be PUT, PATCH, DELETE or POST.")
        }
    }

    /// The header, and the query parameter, that turn a `POST` into another write.
    static let methodOverride = HTTPField.Name("X-HTTP-Method-Override")!
    static let methodOverrideParameter = "x-http-method-override"

    /// The catch-all path of the protocol's operations.
    static let treePath = "/{path}.json"
    /// The header that asks a read for its `ETag`.
    static let firebaseETag = HTTPField.Name("X-Firebase-ETag")!
    /// The answer when the node's compute threads have more large work waiting than they take.
    static let busy = DatabaseError(
        status: .serviceUnavailable,
        message: "The server is busy with other large requests; try again shortly",
        headers: [.retryAfter: "1"]
    )
    /// The protocol's answer to a path it cannot parse.
    static let invalidPath = DatabaseError(status: .badRequest, message: "Invalid path: Invalid token in path")

    /// Resolves the request's path (404 unless it ends in `.json`), options and caller, runs
    /// `body`, and answers the protocol's errors as `{"error": …}`.
    private func answer(
        _ request: Request,
        _ context: LatchkeyRequestContext,
        _ body: (DatabaseCaller, DataPath, TreeRequestOptions) async throws -> Response
    ) async throws -> Response {
        do {
            let path = try Self.dataPath(of: request.uri.path)
            let options = try TreeRequestOptions(try TreeParameters(request.uri.query), method: request.method)
            return try await body(try context.treeCaller.caller, path, options)
        } catch let error as DatabaseError {
            return Self.response(to: error)
        } catch let failed as DatabaseService.ConditionFailed {
            return Self.response(TreeJSON.text(failed.value), status: .preconditionFailed, headers: [.eTag: failed.etag])
        } catch is BoundedThreadPool.Overloaded {
            return Self.response(to: Self.busy)
        }
    }

    /// The location `/a/b.json` names: its percent-decoded keys, each one the protocol allows.
    static func dataPath(of uriPath: String) throws(DatabaseError) -> DataPath {
        let segments = uriPath.dropLast(".json".count).split(separator: "/")
        var keys: [String] = []
        for segment in segments {
            guard let key = String(segment).removingPercentEncoding, DataPath.isValidKey(key) else { throw invalidPath }
            keys.append(key)
        }
        guard keys.count <= DataPath.maximumDepth else { throw invalidPath }
        return DataPath(validated: keys)
    }

    /// The answer `make` writes, for a value of `leaves` leaves: on the compute threads when
    /// that is many (see ``TreeWork``).
    private func answer(costing leaves: Int, _ make: @escaping @Sendable () -> Response) async throws -> Response {
        try await service.work.run(large: TreeWork.isLarge(leaves: leaves), make)
    }

    /// The request's JSON body, within ``maximumWriteBytes``; a large one parsed on the compute
    /// threads (see ``TreeWork``).
    private func body(of request: Request) async throws -> JSONValue {
        do {
            let bytes = try await RequestBody.bytes(of: request, limit: Self.maximumWriteBytes)
            return try await service.work.run(large: bytes.count >= TreeWork.offloadedBytes) { try TreeJSON.parse(bytes) }
        } catch let error as APIError where error.code == .bodyTooLarge {
            throw DatabaseError(
                status: .contentTooLarge,
                message: "Data to write exceeds the maximum size that can be modified with a single request."
            )
        }
    }

    /// `shallow=true`: an object's children as `true`, a scalar as it is.
    static func shallow(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .object(let members): .object(members.mapValues { _ in .bool(true) })
        case .array(let items):
            .object(
                Dictionary(
                    uniqueKeysWithValues: items.indices.compactMap { index in
                        items[index] == .null ? nil : (String(index), .bool(true))
                    }
                )
            )
        default: value
        }
    }

    /// The protocol's answer to `error`: `{"error": "<message>"}`.
    static func response(to error: DatabaseError) -> Response {
        response(TreeJSON.text(.object(["error": .string(error.message)])), status: error.status, headers: error.headers)
    }

    /// A JSON answer.
    static func response(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The protocol's query parameters every operation reads: `print`, `shallow`, `format`,
/// `callback`, `download`, `writeSizeLimit` and a query. Each one the protocol defines is either
/// honored or refused with a 400, never ignored: a client that asked for `timeout` gets told.
struct TreeRequestOptions: Sendable {
    /// `print=pretty`: indented JSON.
    var pretty = false
    /// `print=silent`: `204` without a body.
    var silent = false
    /// `shallow=true`.
    var shallow = false
    /// `format=export`: priorities included.
    var export = false
    /// `callback=<name>` on a `GET`: the value as JSONP, `<name>(<json>);`.
    var callback: String?
    /// `download=<file name>` on a `GET`: the value as an attachment of that name.
    var download: String?
    /// `orderBy` and its filters.
    var query: DataQuery?

    /// The options of the request's query parameters.
    init(_ parameters: TreeParameters, method: HTTPRequest.Method) throws(DatabaseError) {
        let flat = parameters.values
        switch flat["print"] {
        case nil: break
        case "pretty": pretty = true
        case "silent": silent = true
        default: throw DatabaseError(status: .badRequest, message: "print must be pretty or silent.")
        }
        switch flat["shallow"] {
        case nil, "false": break
        case "true": shallow = true
        default: throw DatabaseError(status: .badRequest, message: "shallow must be true or false.")
        }
        switch flat["format"] {
        case nil: break
        case "export": export = true
        default: throw DatabaseError(status: .badRequest, message: "format must be export.")
        }
        callback = try Self.readOnly("callback", flat, method).map(Self.callbackName)
        download = try Self.readOnly("download", flat, method).map(Self.fileName)
        if callback != nil, silent {
            throw DatabaseError(status: .badRequest, message: "callback cannot be combined with print=silent.")
        }
        if flat[DatabaseFeature.methodOverrideParameter] != nil, method != .post {
            throw DatabaseError(status: .badRequest, message: "x-http-method-override is supported only on POST.")
        }
        if flat["timeout"] != nil {
            throw DatabaseError(status: .badRequest, message: "timeout is not supported: reads are not cut short.")
        }
        // Every legal write already ends within the smallest limit (`tiny`, one second): the
        // server's own write limits (docs/database.md) bound it, so each value is honored.
        if let limit = flat["writeSizeLimit"], !Self.writeSizeLimits.contains(limit) {
            throw DatabaseError(status: .badRequest, message: "writeSizeLimit must be tiny, small, medium, large or unlimited.")
        }
        query = try DataQuery(parameters: flat)
        if shallow, query != nil {
            throw DatabaseError(status: .badRequest, message: "Mixing shallow and query parameters is not supported.")
        }
    }

    /// Whether no option shapes a one-off answer: a stream's events have the protocol's one form.
    var shapesNoStream: Bool { !pretty && !silent && !shallow && !export && callback == nil && download == nil }

    private static let writeSizeLimits: Set = ["tiny", "small", "medium", "large", "unlimited"]

    /// The value of `name`, a parameter the protocol defines for reads only (a `GET`).
    private static func readOnly(_ name: String, _ flat: [String: String], _ method: HTTPRequest.Method) throws(DatabaseError) -> String? {
        guard let value = flat[name] else { return nil }
        guard method == .get else { throw DatabaseError(status: .badRequest, message: "\(name) is supported only on GET.") }
        return value
    }

    /// A JSONP callback: a JavaScript name or dotted path of them (`cb`, `app.got_1`), at most
    /// 128 bytes, so the answer is a call and nothing else a page could be tricked into running.
    private static func callbackName(_ name: String) throws(DatabaseError) -> String {
        let isPart = { (part: Substring) in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "$") }
        }
        guard name.utf8.count <= 128, name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isPart) else {
            throw DatabaseError(status: .badRequest, message: "callback must be a JavaScript name (letters, digits, _, $ and dots).")
        }
        return name
    }

    /// A download's file name: 1 to 255 bytes, no control characters, quotes, backslashes or
    /// slashes, so it stands in `Content-Disposition` as it is.
    private static func fileName(_ name: String) throws(DatabaseError) -> String {
        let refused = CharacterSet.controlCharacters.union(CharacterSet(charactersIn: "\"\\/"))
        guard (1...255).contains(name.utf8.count), name.unicodeScalars.allSatisfy({ !refused.contains($0) }) else {
            throw DatabaseError(
                status: .badRequest,
                message: "download must be a file name of 1 to 255 bytes without quotes, slashes or control characters."
            )
        }
        return name
    }

    /// The characters RFC 8187's `filename*` keeps as they are (`attr-char`).
    private static let attributeCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~"
    )

    /// The answer `value` makes under these options; `canonical`, when given, is its canonical
    /// JSON text already written, which the answer uses unless asked to indent.
    func response(_ value: JSONValue?, canonical: String? = nil, headers: HTTPFields = [:]) -> Response {
        guard !silent else { return Response(status: .noContent, headers: headers) }
        var headers = headers
        if let download {
            let encoded = download.addingPercentEncoding(withAllowedCharacters: Self.attributeCharacters) ?? ""
            let fallback = String(String.UnicodeScalarView(download.unicodeScalars.map { $0.isASCII ? $0 : "_" }))
            headers[.contentDisposition] = "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
        }
        let json = pretty ? TreeJSON.text(value, pretty: true) : canonical ?? TreeJSON.text(value)
        guard let callback else { return DatabaseFeature.response(json, headers: headers) }
        headers[.contentType] = "application/javascript; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "\(callback)(\(json));")))
    }
}
