"""google-auth's service-account credentials, unmodified, against Latchkey: a key file made by
`latchkey apps service-account create` is loaded with `Credentials.from_service_account_file`,
refreshed through the file's `token_uri` (RFC 7523's JWT-bearer grant, signed with the file's
key) and the token it gets is a confidential client's on Latchkey's server-to-server routes."""

import json
import os
import stat

import google.auth.exceptions
import google.auth.transport.requests
import pytest
import requests
from google.oauth2 import service_account

from latchkey_server import BINARY, CLIENT_ID, DATA_DIR, TOKEN_ENDPOINT, URL, sign_up
from service_accounts import create_key_file, revoke_key

# The scopes firebase-admin asks for: Google's URLs, which Latchkey accepts and ignores.
GOOGLE_SCOPES = ["https://www.googleapis.com/auth/firebase", "https://www.googleapis.com/auth/userinfo.email"]
STORE = ["--data-dir", DATA_DIR]


@pytest.fixture()
def key_file(tmp_path) -> str:
    return create_key_file(BINARY, CLIENT_ID, STORE, URL, directory=str(tmp_path))


def test_the_key_file_is_googles_format(key_file):
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    with open(key_file, encoding="utf-8") as handle:
        info = json.load(handle)
    assert info["type"] == "service_account"
    assert info["token_uri"] == TOKEN_ENDPOINT
    assert info["private_key"].startswith("-----BEGIN PRIVATE KEY-----\n")
    credentials = service_account.Credentials.from_service_account_info(info)
    assert credentials.service_account_email == info["client_email"]


def test_refresh_gets_a_client_token_for_the_admin_routes(key_file):
    credentials = service_account.Credentials.from_service_account_file(key_file, scopes=GOOGLE_SCOPES)
    credentials.refresh(google.auth.transport.requests.Request())
    assert credentials.valid and credentials.token
    assert credentials.expiry is not None

    session = sign_up()
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {session['accessToken']}"}, timeout=10).json()
    answer = requests.get(
        f"{URL}/v1/admin/users/{me['id']}", headers={"Authorization": f"Bearer {credentials.token}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["user"]["id"] == me["id"]
    # The token is the app's confidential client's, not a user's: valid, but not for a user's
    # routes (RFC 6750 §3.1).
    me_as_client = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {credentials.token}"}, timeout=10)
    assert me_as_client.status_code == 403
    assert 'error="insufficient_scope"' in me_as_client.headers["WWW-Authenticate"]


def test_a_revoked_key_no_longer_refreshes(key_file):
    credentials = service_account.Credentials.from_service_account_file(key_file, scopes=GOOGLE_SCOPES)
    credentials.refresh(google.auth.transport.requests.Request())
    with open(key_file, encoding="utf-8") as handle:
        revoke_key(BINARY, CLIENT_ID, json.load(handle)["private_key_id"], STORE)
    with pytest.raises(google.auth.exceptions.RefreshError) as raised:
        credentials.refresh(google.auth.transport.requests.Request())
    assert "invalid_grant" in str(raised.value)
