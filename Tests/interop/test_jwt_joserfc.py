"""joserfc verifies Latchkey's access tokens with nothing but the published discovery document
and JWKS, and keeps verifying old tokens across a signing-key rotation."""

import subprocess
import time

import requests
from joserfc import jwt
from joserfc.jwk import KeySet

from latchkey_server import BINARY, CLIENT_ID, CLIENT_SECRET, DATA_DIR, TOKEN_ENDPOINT, URL, sign_up


def discover() -> dict:
    response = requests.get(f"{URL}/.well-known/openid-configuration", timeout=10)
    assert response.status_code == 200
    return response.json()


def fetch_keys() -> KeySet:
    """The JWKS named by discovery's jwks_uri."""
    response = requests.get(discover()["jwks_uri"], timeout=10)
    assert response.status_code == 200
    return KeySet.import_key_set(response.json())


def verify(access_token: str, keys: KeySet) -> jwt.Token:
    """Checks signature, header and the registered claims the way a resource server would."""
    token = jwt.decode(access_token, keys, algorithms=["ES256"])
    assert token.header["alg"] == "ES256"
    assert token.header["typ"] == "at+jwt"  # RFC 9068 §2.1
    registry = jwt.JWTClaimsRegistry(
        iss={"essential": True, "value": discover()["issuer"]},
        aud={"essential": True, "value": CLIENT_ID},
        exp={"essential": True},
        iat={"essential": True},
        sub={"essential": True},
        jti={"essential": True},
    )
    registry.validate(token.claims)  # raises on a wrong iss/aud or an expired token
    return token


def client_token() -> str:
    """An access token from the client_credentials grant."""
    response = requests.post(
        TOKEN_ENDPOINT, data={"grant_type": "client_credentials"}, auth=(CLIENT_ID, CLIENT_SECRET), timeout=10
    )
    assert response.status_code == 200, response.text
    return response.json()["access_token"]


def test_user_and_client_tokens_verify():
    keys = fetch_keys()
    user = verify(sign_up()["accessToken"], keys)
    assert user.claims["client_id"] == CLIENT_ID
    assert "sid" in user.claims
    client = verify(client_token(), keys)
    assert client.claims["sub"] == f"client:{CLIENT_ID}"


def test_tampered_token_is_rejected():
    header, payload, signature = client_token().split(".")
    forged = ".".join([header, payload, signature[:-4] + ("AAAA" if signature[-4:] != "AAAA" else "BBBB")])
    try:
        jwt.decode(forged, fetch_keys(), algorithms=["ES256"])
    except Exception as error:  # joserfc raises BadSignatureError
        assert type(error).__name__ == "BadSignatureError"
    else:
        raise AssertionError("a forged signature verified")


def test_key_rotation_keeps_old_tokens_verifiable():
    old_token = client_token()
    old_kid = jwt.decode(old_token, fetch_keys()).header["kid"]

    subprocess.run([BINARY, "keys", "rotate", "--data-dir", DATA_DIR], check=True, capture_output=True, timeout=60)

    # The running server picks the new key up within about 5 seconds; wait at most 15.
    deadline = time.monotonic() + 15
    new_token = client_token()
    while jwt.decode(new_token, fetch_keys()).header["kid"] == old_kid:
        assert time.monotonic() < deadline, "the server kept signing with the old key"
        time.sleep(0.5)
        new_token = client_token()

    keys = fetch_keys()
    new_kid = verify(new_token, keys).header["kid"]
    published = {key.kid for key in keys}
    assert {old_kid, new_kid} <= published
    assert verify(old_token, keys).header["kid"] == old_kid
    # Latchkey itself still accepts the old token too.
    answer = requests.post(
        f"{URL}/oauth/introspect", data={"token": old_token}, auth=(CLIENT_ID, CLIENT_SECRET), timeout=10
    ).json()
    assert answer["active"] is True
