"""authlib's OAuth 2.0 client against Latchkey, used exactly as authlib documents it for any
RFC 6749 / 7009 / 7662 server: client_credentials, refresh_token, revocation and introspection,
with both client authentication methods Latchkey advertises."""

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.integrations.base_client import OAuthError

from latchkey_server import CLIENT_ID, CLIENT_SECRET, TOKEN_ENDPOINT, URL, sign_up

REVOCATION_ENDPOINT = f"{URL}/oauth/revoke"
INTROSPECTION_ENDPOINT = f"{URL}/oauth/introspect"
AUTH_METHODS = ["client_secret_basic", "client_secret_post"]


@pytest.fixture(params=AUTH_METHODS)
def client(request) -> OAuth2Session:
    """A confidential client authenticating with one of the advertised methods."""
    with OAuth2Session(CLIENT_ID, CLIENT_SECRET, token_endpoint_auth_method=request.param) as session:
        yield session


def introspect(client: OAuth2Session, token: str) -> dict:
    """RFC 7662 introspection of `token` through authlib; returns the JSON answer."""
    response = client.introspect_token(INTROSPECTION_ENDPOINT, token=token)
    assert response.status_code == 200, response.text
    assert "no-store" in response.headers["Cache-Control"]
    return response.json()


def test_discovery_names_the_endpoints_and_methods():
    config = requests.get(f"{URL}/.well-known/openid-configuration", timeout=10).json()
    assert config["issuer"] == URL
    assert config["token_endpoint"] == TOKEN_ENDPOINT
    assert config["revocation_endpoint"] == REVOCATION_ENDPOINT
    assert config["introspection_endpoint"] == INTROSPECTION_ENDPOINT
    for method in AUTH_METHODS:
        assert method in config["token_endpoint_auth_methods_supported"]
        assert method in config["introspection_endpoint_auth_methods_supported"]
        assert method in config["revocation_endpoint_auth_methods_supported"]


def test_client_credentials(client):
    token = client.fetch_token(TOKEN_ENDPOINT, grant_type="client_credentials")
    assert token["token_type"] == "Bearer"
    assert token["expires_in"] > 0
    assert "refresh_token" not in token  # RFC 6749 §4.4.3: SHOULD NOT be included
    answer = introspect(client, token["access_token"])
    assert answer["active"] is True
    assert answer["client_id"] == CLIENT_ID
    assert answer["sub"] == f"client:{CLIENT_ID}"


def test_wrong_secret_is_invalid_client():
    with OAuth2Session(CLIENT_ID, "lks_wrong", token_endpoint_auth_method="client_secret_basic") as client:
        with pytest.raises(OAuthError) as raised:
            client.fetch_token(TOKEN_ENDPOINT, grant_type="client_credentials")
    assert raised.value.error == "invalid_client"


def test_refresh_token_rotates(client):
    session = sign_up()
    token = client.refresh_token(TOKEN_ENDPOINT, refresh_token=session["refreshToken"])
    assert token["token_type"] == "Bearer"
    assert token["refresh_token"] != session["refreshToken"]  # single-use, rotated
    assert introspect(client, token["access_token"])["active"] is True
    # The used refresh token is no longer active; its successor is.
    assert introspect(client, session["refreshToken"]) == {"active": False}
    successor = introspect(client, token["refresh_token"])
    assert successor["active"] is True and successor["token_type"] == "refresh_token"
    # authlib keeps the rotated token and can refresh again with it.
    again = client.refresh_token(TOKEN_ENDPOINT)
    assert again["refresh_token"] != token["refresh_token"]


def test_unknown_refresh_token_is_invalid_grant(client):
    with pytest.raises(OAuthError) as raised:
        client.refresh_token(TOKEN_ENDPOINT, refresh_token="lkr_not_a_real_token")
    assert raised.value.error == "invalid_grant"


@pytest.mark.parametrize("revoked", ["accessToken", "refreshToken"])
def test_revocation_ends_the_session(client, revoked):
    session = sign_up()
    response = client.revoke_token(REVOCATION_ENDPOINT, token=session[revoked])
    assert response.status_code == 200, response.text
    # RFC 7009 §2.2: revoking either token of a session ends the whole session.
    assert introspect(client, session["accessToken"]) == {"active": False}
    assert introspect(client, session["refreshToken"]) == {"active": False}
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {session['accessToken']}"}, timeout=10)
    assert me.status_code == 401
    with pytest.raises(OAuthError) as raised:
        client.refresh_token(TOKEN_ENDPOINT, refresh_token=session["refreshToken"])
    assert raised.value.error == "invalid_grant"


def test_revoking_an_unknown_token_succeeds(client):
    # RFC 7009 §2.2: invalid tokens do not cause an error response.
    response = client.revoke_token(REVOCATION_ENDPOINT, token="not-a-token", token_type_hint="access_token")
    assert response.status_code == 200, response.text


def test_introspection_of_a_user_access_token(client):
    session = sign_up()
    answer = introspect(client, session["accessToken"])
    assert answer["active"] is True
    assert answer["token_type"] == "access_token"
    assert answer["iss"] == URL
    assert answer["aud"] == CLIENT_ID
    assert answer["client_id"] == CLIENT_ID
    for claim in ("sub", "exp", "iat", "scope", "sid"):
        assert claim in answer
    assert introspect(client, "garbage") == {"active": False}
