import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends API requests and turns answers into values or ``LatchkeyError``s.
struct Transport: Sendable {
    let baseURL: URL
    let clientID: String
    let session: URLSession
    /// Sent as `Accept-Language`, most preferred first.
    let languages: [String]
    let reachability: @Sendable (Bool) -> Void

    /// An HTTP method.
    enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"

        /// Whether sending the request twice has the effect of sending it once (RFC 9110 §9.2.2).
        var isIdempotent: Bool { self == .get || self == .put || self == .delete }
    }

    /// Sends `body` as JSON (or `query` as the query string), with any extra `headers`
    /// (`If-Match`), and returns the raw answer; throws
    /// ``LatchkeyError/network(_:)`` when the server cannot be reached and the mapped problem for
    /// an error status.
    func send(
        _ method: Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (Data, HTTPURLResponse) {
        let (data, http) = try await response(method, path, query: query, body: body, token: token, headers: headers)
        guard (200..<300).contains(http.statusCode) else { throw Self.error(status: http.statusCode, data: data, response: http) }
        return (data, http)
    }

    /// ``send(_:_:query:body:token:headers:)`` without the status check: the answer whatever its
    /// status, for protocols whose error answers carry data (the data tree's 412 holds the
    /// current value).
    func response(
        _ method: Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (Data, HTTPURLResponse) {
        var request = try makeRequest(method, path, query: query, body: body, token: token)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await response(for: request, idempotent: method.isIdempotent)
    }

    /// Sends `request` (once more after a dropped connection when `idempotent`) and returns the
    /// answer whatever its status.
    func response(for request: URLRequest, idempotent: Bool) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await exchange(request, idempotent: idempotent)
        reachability(true)
        guard let http = response as? HTTPURLResponse else { throw LatchkeyError.network("not an HTTP response") }
        return (data, http)
    }

    /// Sends `request`; an idempotent one whose connection dropped before its answer came is sent
    /// once more (RFC 9110 §9.2.2). That is what a kept-alive connection the server closed for
    /// idleness looks like when the client reuses it at the same moment, and what a network
    /// change mid-request looks like: repeating a GET, PUT or DELETE changes nothing the first
    /// one did, while a POST may have acted, so its error is the caller's.
    private func exchange(_ request: URLRequest, idempotent: Bool) async throws -> (Data, URLResponse) {
        var attemptsLeft = idempotent ? 2 : 1
        while true {
            attemptsLeft -= 1
            do {
                return try await session.data(for: request)
            } catch {
                // A cancelled call says so, and says nothing about whether the server can be reached.
                if Task.isCancelled || error is CancellationError || (error as? URLError)?.code == .cancelled { throw CancellationError() }
                if attemptsLeft > 0, Self.connectionDropped(error) { continue }
                reachability(false)
                throw LatchkeyError.network(error.localizedDescription)
            }
        }
    }

    /// Whether `error` says the connection closed before the answer came (the server was reached).
    private static func connectionDropped(_ error: any Error) -> Bool {
        guard let code = (error as? URLError)?.code else { return false }
        return code == .networkConnectionLost || code == .badServerResponse
    }

    /// A request to `path` with the client id, the languages, the bearer `token` if any, and
    /// `body` as JSON.
    func makeRequest(
        _ method: Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        token: String? = nil,
        accept: String = "application/json"
    ) throws -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            // `URLComponents` leaves `+` as it is, which the server reads as a form's space.
            let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            components?.percentEncodedQuery = encoded
        }
        guard let url = components?.url else { throw LatchkeyError.invalidOperation("bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue(clientID, forHTTPHeaderField: HeaderName.clientID)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if !languages.isEmpty { request.setValue(Self.acceptLanguage(languages), forHTTPHeaderField: "Accept-Language") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try WireCoding.makeEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// Sends and decodes a JSON answer.
    func decode<T: Decodable>(
        _ type: T.Type,
        _ method: Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        token: String? = nil
    ) async throws -> T {
        try Self.decode(T.self, from: try await send(method, path, query: query, body: body, token: token).0)
    }

    /// Decodes a JSON answer; an answer of another shape is an `unexpected_response` error.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try WireCoding.makeDecoder().decode(T.self, from: data)
        } catch {
            throw LatchkeyError.server(code: "unexpected_response", message: "\(error)")
        }
    }

    /// `en, ja;q=0.9, …`: the languages in order of preference.
    static func acceptLanguage(_ languages: [String]) -> String {
        languages.prefix(5).enumerated().map { index, language in
            index == 0 ? language : "\(language);q=0.\(9 - index)"
        }.joined(separator: ", ")
    }

    /// The error an answer with an error `status` stands for: its problem document mapped to a
    /// ``LatchkeyError``, else a generic one. A 503 is ``LatchkeyError/Kind/serverUnavailable(retryAfter:)``
    /// with or without a problem document.
    static func error(status: Int, data: Data, response: HTTPURLResponse) -> LatchkeyError {
        let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap { retryAfterSeconds($0, now: Date()) }
        if let problem = try? WireCoding.makeDecoder().decode(Problem.self, from: data) {
            return LatchkeyError(problem: problem, status: status, retryAfter: retryAfter)
        }
        if let error = try? WireCoding.makeDecoder().decode(DatabaseErrorBody.self, from: data) {
            return LatchkeyError(databaseError: error.error, status: status, retryAfter: retryAfter)
        }
        if status == 503 { return .serverUnavailable(retryAfter: retryAfter) }
        if status == 502 || status == 504 { return .network("server unavailable (\(status))") }
        return .server(code: "http_\(status)", message: HTTPURLResponse.localizedString(forStatusCode: status))
    }

    /// A `Retry-After` value in seconds: delay-seconds, or an HTTP date (RFC 9110 §10.2.3) counted
    /// from `now` (never negative).
    static func retryAfterSeconds(_ value: String, now: Date) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}
