import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey apps service-account …`: an app's service-account keys, the credential Google's client
/// libraries (firebase-admin, google-auth) use as a confidential client.
struct ServiceAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service-account",
        abstract: "Manage an app's service-account keys (Google's key file format).",
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a key and write its key file once (the private key is not kept).",
            discussion: """
                The file is Google's service-account JSON: give it to firebase-admin as \
                credentials.Certificate(FILE), or to google-auth, and they get the app's client tokens from its token_uri.
                """
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Option(help: "Write the key file here (a new file, mode 0600) instead of to standard output.") var out: String?
        @Option(
            name: .customLong("public-url"),
            help:
                "The server's URL as the key's holders reach it; its /oauth/token is the file's token_uri (default: LATCHKEY_PUBLIC_URL, else the http(s)://host:port the LATCHKEY_* environment gives serve)."
        )
        var publicURL: String?

        func run() async throws {
            // The file is made before the key, so a key is never stored whose private half had nowhere to go.
            let destination = try out.map(Self.newPrivateFile(at:))
            let file: ServiceAccountFile
            do {
                file = try await store.withBackend { backend in
                    try await backend.createServiceAccountKey(for: try await app.resolve(in: backend), publicURL: publicURL, by: .commandLine())
                }
            } catch {
                if let out { unlink(out) }
                throw error
            }
            guard let destination, let out else {
                FileHandle.standardOutput.write(try file.encoded())
                return
            }
            try destination.write(contentsOf: try file.encoded())
            try destination.close()
            try output.print(
                ["keyId": file.privateKeyID, "clientEmail": file.clientEmail, "file": out],
                text: "key \(file.privateKeyID) of \(file.clientEmail) written to \(out)"
            )
        }

        /// Creates `path` readable by this user only, refusing one that exists: the private key is
        /// never written where another user could have read it first.
        static func newPrivateFile(at path: String) throws -> FileHandle {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else {
                throw ValidationError("cannot create \(path): \(String(cString: strerror(errno))) (the key file must be a new file)")
            }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the app's keys, live and revoked.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption

        func run() async throws {
            let keys = try await store.withBackend { backend in
                try await backend.serviceAccountKeys(appID: try await app.resolve(in: backend).id, by: .commandLine())
            }
            try output.print(keys, text: keys.map(\.line).joined(separator: "\n"))
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key: its assertions are refused from now on.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument(help: "The key id (the file's private_key_id).") var keyID: String

        func run() async throws {
            try await store.withBackend { backend in
                do {
                    try await backend.revokeServiceAccountKey(keyID, appID: try await app.resolve(in: backend).id, by: .commandLine())
                } catch let error as LatchkeyBackend.NoLiveServiceAccountKey {
                    throw ValidationError(error.description)
                }
            }
            print("revoked \(keyID)")
        }
    }
}

extension ServiceAccountKey {
    /// How `latchkey apps service-account list` prints a key.
    var line: String {
        let created = ISO8601DateFormatter().string(from: createdAt)
        return "\(id)  \(clientEmail)  created \(created)" + (revokedAt.map { "  revoked \(ISO8601DateFormatter().string(from: $0))" } ?? "")
    }
}
