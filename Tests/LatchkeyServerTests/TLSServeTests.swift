import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing

/// `serve --tls-cert --tls-key`: HTTPS without a proxy, HTTP/2 or HTTP/1.1 by ALPN, and a renewed
/// certificate served to new connections after SIGHUP, without a restart.
@Suite(.serialized) struct TLSServeTests {
    @Test func servesHTTPSWithHTTP2AndReloadsTheCertificateOnSIGHUP() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await selfSigned(in: directory, name: "first")
        let second = try await selfSigned(in: directory, name: "second")
        let served = (certificate: directory + "/served.crt", key: directory + "/served.key")
        try install(first, as: served)

        let server = try await ServerProcess(
            dataDirectory: directory + "/data",
            extraArguments: ["--tls-cert", served.certificate, "--tls-key", served.key]
        )
        let url = "https://127.0.0.1:\(server.port)/v1/hello"
        let http2 = try await get(url, trusting: first.certificate)
        #expect(http2.status == .ok)
        #expect(http2.version == .http2)
        let http1 = try await get(url, trusting: first.certificate, http1Only: true)
        #expect(http1.status == .ok)
        #expect(http1.version == .http1_1)
        await #expect(throws: (any Error).self) { try await get(url, trusting: second.certificate) }

        // Renewed: the files change, SIGHUP, and new connections get the new certificate.
        try install(second, as: served)
        var reloaded = false
        for _ in 0..<50 where !reloaded {
            server.process.send(SIGHUP)
            try await Task.sleep(for: .milliseconds(100))
            reloaded = (try? await get(url, trusting: second.certificate))?.status == .ok
        }
        #expect(reloaded)
        await #expect(throws: (any Error).self) { try await get(url, trusting: first.certificate) }
        #expect(server.process.isRunning)

        // A broken file on reload keeps the certificate in use.
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: served.certificate))
        server.process.send(SIGHUP)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await get(url, trusting: second.certificate).status == .ok)
        #expect(try await server.stop() == 0)
    }

    /// A watch of the tree over HTTP/2: the stream is one of the connection's streams, and its
    /// events (written to the stream's own channel) arrive as the protocol's `put`s.
    @Test func aWatchOverHTTP2GetsEachWrite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pair = try await selfSigned(in: directory, name: "watch")
        let data = directory + "/data"
        let created = try await LatchkeyBinary.createApp("Watch", in: ["--data-dir", data])
        let clientID = created.clientID
        let secret = created.clientSecret
        let server = try await ServerProcess(dataDirectory: data, extraArguments: ["--tls-cert", pair.certificate, "--tls-key", pair.key])
        let base = "https://127.0.0.1:\(server.port)"
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(pair.certificate))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
        do {
            var tokenRequest = HTTPClientRequest(url: base + "/oauth/token")
            tokenRequest.method = .POST
            tokenRequest.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            tokenRequest.body = .bytes(
                ByteBuffer(
                    string: "grant_type=client_credentials&client_id=\(clientID)&client_secret=\(secret)&scope=database:admin"
                )
            )
            let tokenResponse = try await client.execute(tokenRequest, timeout: .seconds(10))
            let tokenBody = try await tokenResponse.body.collect(upTo: 1 << 16)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(tokenBody.readableBytesView)) as? [String: Any])?["access_token"] as? String
            )
            let doc = base + "/h2/doc.json?ns=\(clientID)&auth=\(token)"

            var watch = HTTPClientRequest(url: doc)
            watch.headers.add(name: "Accept", value: "text/event-stream")
            let stream = try await client.execute(watch, timeout: .seconds(30))
            #expect(stream.version == .http2)
            #expect(stream.headers.first(name: "Content-Type") == "text/event-stream")
            var events = stream.body.makeAsyncIterator()
            var received = ""
            func receive(until expected: String) async throws {
                while !received.contains(expected), let piece = try await events.next() {
                    received += String(buffer: piece)
                }
            }
            try await receive(until: #"{"path":"/","data":null}"#)
            for value in [41, 42] {
                var write = HTTPClientRequest(url: doc)
                write.method = .PUT
                write.body = .bytes(ByteBuffer(string: "\(value)"))
                let written = try await client.execute(write, timeout: .seconds(10))
                #expect(written.status == .ok)
                _ = try await written.body.collect(upTo: 1 << 16)
                try await receive(until: #"{"path":"/","data":\#(value)}"#)
            }
            #expect(received.components(separatedBy: "event: put\n").count == 4, "\(received)")
        } catch {
            try? await client.shutdown()
            _ = try? await server.stop()
            throw error
        }
        try await client.shutdown()
        #expect(try await server.stop() == 0)
    }

    @Test func aCertificateWithoutItsKeyOrAnUnreadableOneIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pair = try await selfSigned(in: directory, name: "alone")
        let alone = try await ServerProcess.refusal(dataDirectory: directory + "/data", extraArguments: ["--tls-cert", pair.certificate])
        #expect(alone.status != 0 && alone.output.contains("--tls-cert and --tls-key go together"), "\(alone.output)")
        let missing = try await ServerProcess.refusal(
            dataDirectory: directory + "/data",
            extraArguments: ["--tls-cert", directory + "/none.crt", "--tls-key", pair.key]
        )
        #expect(missing.status != 0)
    }

    /// A self-signed P-256 certificate for 127.0.0.1, made with openssl.
    private func selfSigned(in directory: String, name: String) async throws -> (certificate: String, key: String) {
        let pair = (certificate: directory + "/\(name).crt", key: directory + "/\(name).key")
        let openssl = try #require(
            ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "openssl is needed to make test certificates"
        )
        let process = try ChildProcess(
            executable: openssl,
            arguments: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=\(name)",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", pair.key, "-out", pair.certificate,
            ],
            environment: [:],
            output: "/dev/null",
            errors: "/dev/null"
        )
        #expect(try await process.exit(within: .seconds(60)) == 0)
        return pair
    }

    /// Puts a pair in place as a renewal tool would: each file written aside, then renamed over.
    private func install(_ pair: (certificate: String, key: String), as served: (certificate: String, key: String)) throws {
        for (from, to) in [(pair.key, served.key), (pair.certificate, served.certificate)] {
            try? FileManager.default.removeItem(atPath: to + ".new")
            try FileManager.default.copyItem(atPath: from, toPath: to + ".new")
            guard rename(to + ".new", to) == 0 else { throw HarnessError.unexpected("rename \(to)") }
        }
    }

    /// A GET over a new connection that trusts only `certificate`. (AsyncHTTPClient retries a
    /// failed handshake until the deadline, so an untrusted server costs the whole `timeout`.)
    private func get(
        _ url: String,
        trusting certificate: String,
        http1Only: Bool = false,
        timeout: TimeAmount = .seconds(2)
    ) async throws -> HTTPClientResponse {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = http1Only ? .http1Only : .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: timeout)
            _ = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return response
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
