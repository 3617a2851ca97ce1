"""Where the Latchkey server under test is, and how to get a user session from it.

`Tests/interop/run` starts the server and passes everything through the environment.
"""

import json
import os
import re
import secrets
import time

import requests

URL = os.environ["LATCHKEY_URL"]  # e.g. http://127.0.0.1:41234, also the tokens' issuer
CLIENT_ID = os.environ["LATCHKEY_CLIENT_ID"]
CLIENT_SECRET = os.environ["LATCHKEY_CLIENT_SECRET"]
BINARY = os.environ["LATCHKEY_BIN"]  # the `latchkey` executable, for CLI commands
DATA_DIR = os.environ["LATCHKEY_DATA_DIR"]  # the running server's --data-dir
METRICS_TOKEN = os.environ["LATCHKEY_METRICS_TOKEN"]  # the bearer token /metrics asks for
MESSAGES = os.environ["LATCHKEY_MESSAGES"]  # the emails and SMS sent, one JSON line each (message_inbox.py)
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


def sign_up_with_email(email: str, password: str) -> None:
    """Signs a new user up with `email` and `password` through the JSON API. The app hides
    whether an email is taken: the answer has no session, the server emails a verification link,
    and the account signs in once the link is used (`sign_in`)."""
    response = requests.post(
        f"{URL}/v1/auth/signup",
        headers={"Latchkey-Client-Id": CLIENT_ID},
        json={"email": email, "password": password},
        timeout=10,
    )
    assert response.status_code == 201, response.text


def sign_in(email: str, password: str) -> requests.Response:
    """`POST /v1/auth/signin` with `email` and `password`: the server's answer."""
    return requests.post(
        f"{URL}/v1/auth/signin",
        headers={"Latchkey-Client-Id": CLIENT_ID},
        json={"email": email, "password": password},
        timeout=10,
    )


def new_email() -> str:
    """An address no other test uses."""
    return f"interop_{secrets.token_hex(6)}@example.com"


def message_to(recipient: str, purpose: str, timeout: float = 15) -> dict:
    """The latest message of `purpose` (`verify_email`, `reset_password`, `parent_consent`, …)
    the server sent to `recipient`, waiting up to `timeout` seconds for it to arrive: the webhook
    sender's JSON (`to`, `purpose`, `subject`, `body`, …)."""
    deadline = time.monotonic() + timeout
    while True:
        found = None
        if os.path.exists(MESSAGES):
            with open(MESSAGES, encoding="utf-8") as file:
                for line in file:
                    # The receiver may be writing the last line now: only whole lines are read.
                    if not line.endswith("\n"):
                        break
                    message = json.loads(line)
                    if message["to"] == recipient and message["purpose"] == purpose:
                        found = message
        if found is not None:
            return found
        assert time.monotonic() < deadline, f"no {purpose} message to {recipient} within {timeout} s"
        time.sleep(0.1)


def link_in(message: dict) -> str:
    """The server's link in a message's body."""
    links = re.findall(re.escape(URL) + r"/\S+", message["body"])
    assert links, f"no link to {URL} in: {message['body']}"
    return links[0]
