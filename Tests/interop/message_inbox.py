"""The interop server's mailbox and phone: receives the webhook sender's messages (email links,
SMS PINs) and appends each, as one JSON line, to a file the tests read (latchkey_server.py).

    message_inbox.py MESSAGES_FILE READY_FILE

Listens on a free loopback port, writes that port to READY_FILE once listening, and checks every
message's `Latchkey-Signature` against `LATCHKEY_WEBHOOK_SECRET` (a message with a bad signature
is refused with 401, so the server's signing is tested on every message). Runs until killed.
"""

import hashlib
import hmac
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Lock

MESSAGES, READY = sys.argv[1], sys.argv[2]
SECRET = os.environ["LATCHKEY_WEBHOOK_SECRET"].encode()
written = Lock()


def signed(body: bytes, header: str) -> bool:
    """Whether `header` (`t=<unix time>,v1=<hex HMAC-SHA256>`) signs `<t>.<body>` with the secret."""
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    expected = hmac.new(SECRET, parts.get("t", "").encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))


class Inbox(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if not signed(body, self.headers.get("Latchkey-Signature", "")):
            self.send_response(401)
            self.end_headers()
            return
        message = json.loads(body)
        with written, open(MESSAGES, "a", encoding="utf-8") as file:
            file.write(json.dumps(message, ensure_ascii=False) + "\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, format, *args):
        """Quiet: the messages are in MESSAGES_FILE."""


server = ThreadingHTTPServer(("127.0.0.1", 0), Inbox)
with open(READY + ".tmp", "w") as ready:
    ready.write(str(server.server_address[1]))
os.rename(READY + ".tmp", READY)
server.serve_forever()
