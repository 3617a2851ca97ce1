"""A local OpenID Connect provider for the hosted login's provider buttons, as a browser meets
one: discovery, a JWKS, an authorization endpoint that signs in the user the test names and
sends the browser back with a code, and a token endpoint that checks what a real one checks —
the code once, its client, client secret and redirect URI, and the PKCE S256 verifier — and
answers with an RS256 ID token (joserfc) carrying the request's nonce."""

import base64
import hashlib
import http.server
import json
import secrets
import socket
import threading
import time
from urllib.parse import parse_qs, urlencode, urlparse

from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "web-client"
CLIENT_SECRET = "web-secret-" + secrets.token_hex(8)


class Provider:
    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.key = RSAKey.generate_key(2048, parameters={"kid": "k1", "use": "sig", "alg": "RS256"})
        self.user = {"sub": "browser-user", "email": "browser-user@example.com"}
        self.codes = {}
        self.token_requests = []
        provider = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def answer(self, status, body=None, headers=()):
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                data = json.dumps(body).encode() if body is not None else b""
                if body is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                url = urlparse(self.path)
                if url.path == "/.well-known/openid-configuration":
                    self.answer(200, {"issuer": provider.issuer, "jwks_uri": provider.issuer + "/jwks",
                                      "authorization_endpoint": provider.issuer + "/authorize",
                                      "token_endpoint": provider.issuer + "/token"})
                elif url.path == "/jwks":
                    self.answer(200, {"keys": [provider.key.as_dict(private=False)]})
                elif url.path == "/authorize":
                    self.answer(302, headers=[("Location", provider.authorize(parse_qs(url.query)))])
                else:
                    self.answer(404, {"error": "not_found"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                fields = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                status, body = provider.token(fields)
                self.answer(status, body)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def authorize(self, query: dict) -> str:
        fields = {k: v[0] for k, v in query.items()}
        redirect = fields["redirect_uri"]
        answer = {"state": fields.get("state", "")}
        if (fields.get("response_type") == "code" and fields.get("code_challenge_method") == "S256"
                and fields.get("client_id") == CLIENT_ID and "openid" in fields.get("scope", "").split()):
            code = secrets.token_urlsafe(24)
            self.codes[code] = {"redirect_uri": redirect, "challenge": fields["code_challenge"],
                                "nonce": fields.get("nonce"), "user": dict(self.user)}
            answer["code"] = code
        else:
            answer["error"] = "invalid_request"
        return redirect + "?" + urlencode(answer)

    def token(self, fields: dict):
        self.token_requests.append(fields)
        issued = self.codes.pop(fields.get("code", ""), None)
        verifier = fields.get("code_verifier", "")
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        if (issued is None or fields.get("grant_type") != "authorization_code" or fields.get("client_id") != CLIENT_ID
                or fields.get("client_secret") != CLIENT_SECRET or fields.get("redirect_uri") != issued["redirect_uri"]
                or challenge != issued["challenge"]):
            return 400, {"error": "invalid_grant"}
        now = int(time.time())
        claims = {"iss": self.issuer, "aud": CLIENT_ID, "iat": now, "exp": now + 600, "jti": secrets.token_hex(8),
                  "email_verified": True, **issued["user"]}
        if issued["nonce"]:
            claims["nonce"] = issued["nonce"]
        id_token = jwt.encode({"alg": "RS256", "kid": "k1"}, claims, self.key)
        return 200, {"access_token": secrets.token_hex(16), "token_type": "Bearer", "expires_in": 600, "id_token": id_token}

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
