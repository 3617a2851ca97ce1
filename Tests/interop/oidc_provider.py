"""A local OpenID Connect provider for the hosted login's provider buttons, as a browser meets
one: discovery, a JWKS, an authorization endpoint that signs in the user the test names and
sends the browser back with a code, and a token endpoint that checks what a real one checks —
the code once, its client, client secret and redirect URI, and the PKCE S256 verifier — and
answers with an RS256 ID token (joserfc) carrying the request's nonce.

Like Sign in with Apple, it also answers `response_mode=form_post` with a page that posts the
code, state and `user` (the name) to the redirect URI, and its token endpoint takes, instead of
the client secret, an ES256 JWT signed with the team's `.p8` key, checked with joserfc as Apple
checks it. `browser_origin` is where the browser meets the authorization endpoint: `localhost`
makes its post cross-site to a server on 127.0.0.1, as Apple's is.

And like GitHub, a plain OAuth 2.0 provider without ID tokens: `/oauth2/authorize`,
`/oauth2/token` answering only an access token, and `/user` giving the token's user with a
numeric `id`."""

import base64
import hashlib
import http.server
import json
import secrets
import socket
import threading
import time
from html import escape
from urllib.parse import parse_qs, urlencode, urlparse

from joserfc import jwt
from joserfc.jwk import ECKey, RSAKey

CLIENT_ID = "web-client"
CLIENT_SECRET = "web-secret-" + secrets.token_hex(8)
APPLE_TEAM_ID = "TEAM123456"
APPLE_KEY_ID = "KEY7654321"
APPLE_AUDIENCE = "https://appleid.apple.com"
SIX_MONTHS = 15777000


class Provider:
    def __init__(self, browser_host="127.0.0.1"):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.browser_origin = f"http://{browser_host}:{self.port}"
        self.key = RSAKey.generate_key(2048, parameters={"kid": "k1", "use": "sig", "alg": "RS256"})
        # The team's Sign in with Apple key; its PEM is the .p8 file an operator downloads.
        self.apple_key = ECKey.generate_key("P-256", parameters={"kid": APPLE_KEY_ID})
        self.apple_key_pem = self.apple_key.as_pem(private=True).decode()
        self.apple_secrets = []
        self.user = {"sub": "browser-user", "email": "browser-user@example.com"}
        self.name = None  # {"firstName": …, "lastName": …}: posted as Apple's `user` with form_post
        self.codes = {}
        self.token_requests = []
        self.access_tokens = {}
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
                                      "authorization_endpoint": provider.browser_origin + "/authorize",
                                      "token_endpoint": provider.issuer + "/token"})
                elif url.path == "/jwks":
                    self.answer(200, {"keys": [provider.key.as_dict(private=False)]})
                elif url.path == "/user":
                    user = provider.access_tokens.get(self.headers.get("Authorization", "").removeprefix("Bearer "))
                    if user is None:
                        self.answer(401, {"message": "Bad credentials"})
                    else:
                        self.answer(200, {"id": int(user["sub"]), "login": f"user{user['sub']}", "name": user.get("name"),
                                          "email": user["email"]})
                elif url.path in ("/authorize", "/oauth2/authorize"):
                    fields = {k: v[0] for k, v in parse_qs(url.query).items()}
                    redirect, answer = provider.authorize(fields, openid=url.path == "/authorize")
                    if fields.get("response_mode") == "form_post":
                        self.form_post(redirect, answer)
                    else:
                        self.answer(302, headers=[("Location", redirect + "?" + urlencode(answer))])
                else:
                    self.answer(404, {"error": "not_found"})

            def form_post(self, redirect, answer):
                """Apple's answer: a page whose form posts the fields to the redirect URI."""
                inputs = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in answer.items())
                page = (f'<!doctype html><title>Apple</title><form id="answer" method="post" action="{escape(redirect)}">'
                        f'{inputs}</form><script>document.getElementById("answer").submit()</script>').encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                fields = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                status, body = provider.token(fields, id_token=urlparse(self.path).path == "/token")
                self.answer(status, body)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def authorize(self, fields: dict, openid=True):
        """Where the browser goes back, and with what fields; a plain OAuth 2.0 request need not ask for openid."""
        redirect = fields["redirect_uri"]
        answer = {"state": fields.get("state", "")}
        if (fields.get("response_type") == "code" and fields.get("code_challenge_method") == "S256"
                and fields.get("client_id") == CLIENT_ID and (not openid or "openid" in fields.get("scope", "").split())):
            code = secrets.token_urlsafe(24)
            self.codes[code] = {"redirect_uri": redirect, "challenge": fields["code_challenge"],
                                "nonce": fields.get("nonce"), "user": dict(self.user)}
            answer["code"] = code
            if self.name and fields.get("response_mode") == "form_post":
                answer["user"] = json.dumps({"name": self.name, "email": self.user["email"]})
        else:
            answer["error"] = "invalid_request"
        return redirect, answer

    def apple_secret(self, secret: str) -> bool:
        """Whether `secret` is the ES256 JWT Apple takes as client secret, signed with the team's key."""
        try:
            token = jwt.decode(secret, self.apple_key, algorithms=["ES256"])
            jwt.JWTClaimsRegistry(
                iss={"essential": True, "value": APPLE_TEAM_ID}, sub={"essential": True, "value": CLIENT_ID},
                aud={"essential": True, "value": APPLE_AUDIENCE}, exp={"essential": True}, iat={"essential": True},
            ).validate(token.claims)
        except Exception:
            return False
        if token.header.get("kid") != APPLE_KEY_ID or token.claims["exp"] - token.claims["iat"] > SIX_MONTHS:
            return False
        self.apple_secrets.append({"header": token.header, "claims": token.claims})
        return True

    def token(self, fields: dict, id_token=True):
        self.token_requests.append(fields)
        issued = self.codes.pop(fields.get("code", ""), None)
        verifier = fields.get("code_verifier", "")
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        if (issued is None or fields.get("grant_type") != "authorization_code" or fields.get("client_id") != CLIENT_ID
                or (fields.get("client_secret") != CLIENT_SECRET and not self.apple_secret(fields.get("client_secret", ""))) or fields.get("redirect_uri") != issued["redirect_uri"]
                or challenge != issued["challenge"]):
            return 400, {"error": "invalid_grant"}
        if not id_token:
            access_token = secrets.token_hex(16)
            self.access_tokens[access_token] = issued["user"]
            return 200, {"access_token": access_token, "token_type": "bearer", "scope": "read:user,user:email"}
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
