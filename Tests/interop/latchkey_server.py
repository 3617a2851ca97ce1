"""Where the Latchkey server under test is, and how to get a user session from it.

`Tests/interop/run` starts the server and passes everything through the environment.
"""

import os
import secrets

import requests

URL = os.environ["LATCHKEY_URL"]  # e.g. http://127.0.0.1:41234, also the tokens' issuer
CLIENT_ID = os.environ["LATCHKEY_CLIENT_ID"]
CLIENT_SECRET = os.environ["LATCHKEY_CLIENT_SECRET"]
BINARY = os.environ["LATCHKEY_BIN"]  # the `latchkey` executable, for CLI commands
DATA_DIR = os.environ["LATCHKEY_DATA_DIR"]  # the running server's --data-dir
METRICS_TOKEN = os.environ["LATCHKEY_METRICS_TOKEN"]  # the bearer token /metrics asks for
TOKEN_ENDPOINT = f"{URL}/oauth/token"


def sign_up() -> dict:
    """Signs a new user up through the JSON API and returns the answer's `session` object
    (`accessToken`, `refreshToken`, `tokenType`, `expiresIn`, `expiresAt`)."""
    response = requests.post(
        f"{URL}/v1/auth/signup",
        headers={"Latchkey-Client-Id": CLIENT_ID},
        json={"username": f"interop_{secrets.token_hex(6)}", "password": secrets.token_urlsafe(16)},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return response.json()["session"]
