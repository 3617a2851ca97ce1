"""The hosted login in a real browser (headless Debian chromium): authlib is the client of the
authorization-code flow with PKCE, state and nonce, the user signs in, signs up and asks for a
password reset through the real pages, signs in with a provider button through a local OpenID
Connect provider, and the ID token is verified against the JWKS with joserfc. Every page is checked with axe-core and saved as `login-<page>-<lang>.png`."""

import http.server
import json
import re
import secrets
import socket
import subprocess
import threading
from urllib.parse import parse_qs, urlparse

import pytest
import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from joserfc import jwt
from joserfc.jwk import KeySet
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import oidc_provider
from browsers import assert_accessible, screenshot
from latchkey_server import BINARY, DATA_DIR, TOKEN_ENDPOINT, URL, link_in, message_to, new_email

AUTHORIZE = f"{URL}/oauth/authorize"
PASSWORD = "correct horse battery staple"
LANGUAGES = ["en", "ja", "zh-Hans"]
WAIT = 15  # seconds any page may take


class Callback:
    """The native app's loopback redirect URI (RFC 8252 §7.3): a local server on a free port
    that answers every request, so the browser lands on a real page."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        handler = type("Handler", (http.server.BaseHTTPRequestHandler,), {
            "do_GET": lambda self: (self.send_response(200), self.send_header("Content-Type", "text/plain"),
                                    self.end_headers(), self.wfile.write(b"signed in")),
            "log_message": lambda self, *args: None,
        })
        self.server = http.server.HTTPServer(("127.0.0.1", self.port), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.uri = f"http://127.0.0.1:{self.port}/callback"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def callback():
    running = Callback()
    yield running
    running.stop()


def create_app(name: str, first_party: bool = True) -> str:
    """A new app whose registered redirect URI is the loopback callback's (any port); its client id."""
    created = subprocess.run(
        [BINARY, "apps", "create", "--name", name, "--json", "--data-dir", DATA_DIR],
        check=True, capture_output=True, timeout=60, text=True,
    )
    client_id = json.loads(created.stdout)["app"]["clientId"]
    subprocess.run(
        [BINARY, "apps", "update", client_id, "--redirect-uri", "http://127.0.0.1/callback", "--bcrypt-cost", "10",
         "--ip-sign-up-limit", "1000000000", "--first-party", "true" if first_party else "false", "--data-dir", DATA_DIR],
        check=True, capture_output=True, timeout=60,
    )
    return client_id


@pytest.fixture(scope="module")
def first_party():
    return create_app("Hosted login")


@pytest.fixture(scope="module")
def third_party():
    return create_app("Partner app", first_party=False)


def sign_up_user(client_id: str, email: str = None) -> str:
    """A user of the app made through the JSON API (with `email` too, when given); their username."""
    username = f"web_{secrets.token_hex(5)}"
    fields = {"username": username, "password": PASSWORD}
    if email:
        fields["email"] = email
    response = requests.post(f"{URL}/v1/auth/signup", headers={"Latchkey-Client-Id": client_id}, json=fields, timeout=10)
    assert response.status_code == 201, response.text
    return username


def session_status(client_id: str, cookie: str) -> dict:
    """`GET /v1/auth/browser-session` with the browser's `lk_session` cookie."""
    response = requests.get(
        f"{URL}/v1/auth/browser-session", headers={"Latchkey-Client-Id": client_id}, cookies={"lk_session": cookie}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


class Flow:
    """One authorization request by authlib, as a public native client with PKCE S256."""

    def __init__(self, client_id: str, redirect_uri: str, **extra):
        self.client = OAuth2Session(
            client_id, redirect_uri=redirect_uri, scope="openid profile", code_challenge_method="S256",
            token_endpoint_auth_method="none",
        )
        self.verifier = generate_token(64)
        self.nonce = generate_token(20)
        self.url, self.state = self.client.create_authorization_url(
            AUTHORIZE, code_verifier=self.verifier, nonce=self.nonce, **extra)
        self.redirect_uri = redirect_uri

    def finish(self, driver) -> dict:
        """Waits for the browser to reach the redirect URI and redeems the code."""
        WebDriverWait(driver, WAIT).until(lambda d: d.current_url.startswith(self.redirect_uri))
        return self.client.fetch_token(TOKEN_ENDPOINT, authorization_response=driver.current_url, code_verifier=self.verifier)


def fill(driver, fields: dict):
    """Types into the form's fields by id and submits it with the keyboard (Enter in the last)."""
    for field, value in fields.items():
        element = driver.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    element.send_keys(Keys.ENTER)


def wait_for(driver, css: str):
    return WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.CSS_SELECTOR, css))


def verified_id_token(token: dict, client_id: str, nonce: str) -> dict:
    """The ID token checked with joserfc against the JWKS discovery names."""
    config = requests.get(f"{URL}/.well-known/openid-configuration", timeout=10).json()
    keys = KeySet.import_key_set(requests.get(config["jwks_uri"], timeout=10).json())
    decoded = jwt.decode(token["id_token"], keys, algorithms=config["id_token_signing_alg_values_supported"])
    assert decoded.header["kid"] in [key.kid for key in keys]
    jwt.JWTClaimsRegistry(
        iss={"essential": True, "value": config["issuer"]}, aud={"essential": True, "value": client_id},
        nonce={"essential": True, "value": nonce}, exp={"essential": True}, iat={"essential": True},
        sub={"essential": True}, auth_time={"essential": True}, sid={"essential": True}, at_hash={"essential": True},
    ).validate(decoded.claims)
    return decoded.claims


def set_provider(client_id: str, name: str, *options: str):
    """`latchkey apps providers set` for the app, with `options`."""
    subprocess.run([BINARY, "apps", "providers", "set", client_id, "--name", name, *options, "--data-dir", DATA_DIR],
                   check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def provider():
    running = oidc_provider.Provider()
    yield running
    running.stop()


def test_a_provider_button_signs_in_through_the_providers_code_flow(browser, callback, provider, tmp_path):
    client_id = create_app("Provider buttons")
    secret = tmp_path / "provider-secret"
    secret.write_text(oidc_provider.CLIENT_SECRET)
    set_provider(client_id, "example", "--kind", "oidc", "--issuer", provider.issuer, "--client-id", oidc_provider.CLIENT_ID,
                 "--client-secret", f"@{secret}")
    provider.user = {"sub": f"p-{secrets.token_hex(4)}", "email": new_email()}
    flow = Flow(client_id, callback.uri)
    browser.get(flow.url)
    button = wait_for(browser, "a.provider")
    assert button.text == "Continue with Example"
    assert_accessible(browser)
    button.click()  # to the provider, which signs the user in and sends the browser back
    token = flow.finish(browser)
    claims = verified_id_token(token, client_id, flow.nonce)
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {token['access_token']}"}, timeout=10).json()
    assert claims["sub"] == me["id"] and me["email"] == provider.user["email"]
    assert [(i["provider"], i["subject"]) for i in me["identities"]] == [("example", provider.user["sub"])]
    exchange = provider.token_requests[-1]
    assert exchange["client_secret"] == oidc_provider.CLIENT_SECRET and len(exchange["code_verifier"]) == 43
    assert browser.get_cookie("lk_provider") is None  # the flow's cookie ends with it


@pytest.fixture(scope="module")
def apple():
    """A provider that answers like Sign in with Apple, met by the browser on `localhost`: its
    form post to the server on 127.0.0.1 is cross-site, so the SameSite=Lax flow cookie stays behind."""
    running = oidc_provider.Provider(browser_host="localhost")
    yield running
    running.stop()


def test_sign_in_with_apple_posts_its_answer_and_gets_a_jwt_client_secret(browser, callback, apple, tmp_path):
    client_id = create_app("Apple on the web")
    key = tmp_path / "AuthKey.p8"
    key.write_text(apple.apple_key_pem)
    set_provider(client_id, "apple", "--kind", "oidc", "--issuer", apple.issuer, "--client-id", oidc_provider.CLIENT_ID,
                 "--client-secret", f"@{key}", "--team-id", oidc_provider.APPLE_TEAM_ID, "--key-id", oidc_provider.APPLE_KEY_ID,
                 "--scope", "openid", "--scope", "name", "--scope", "email", "--response-mode", "form_post")
    apple.user = {"sub": f"a-{secrets.token_hex(4)}", "email": new_email()}
    apple.name = {"firstName": "Ada", "lastName": "Lovelace"}
    flow = Flow(client_id, callback.uri)
    browser.get(flow.url)
    # Apple's page posts to the callback cross-site; the relay page it gets sends the browser on,
    # from this site and with the flow's cookie, to the app's redirect URI.
    wait_for(browser, "a.provider").click()
    token = flow.finish(browser)
    claims = verified_id_token(token, client_id, flow.nonce)
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {token['access_token']}"}, timeout=10).json()
    assert claims["sub"] == me["id"] and me["email"] == apple.user["email"] and me["displayName"] == "Ada Lovelace"
    exchange = apple.token_requests[-1]
    assert exchange["client_secret"].count(".") == 2 and len(apple.apple_secrets) == 1
    secret = apple.apple_secrets[0]  # verified by joserfc with the team's public key
    assert secret["header"]["alg"] == "ES256" and secret["header"]["kid"] == oidc_provider.APPLE_KEY_ID
    assert secret["claims"]["iss"] == oidc_provider.APPLE_TEAM_ID and secret["claims"]["sub"] == oidc_provider.CLIENT_ID
    assert secret["claims"]["aud"] == oidc_provider.APPLE_AUDIENCE
    assert 0 < secret["claims"]["exp"] - secret["claims"]["iat"] <= oidc_provider.SIX_MONTHS


def test_a_github_like_oauth2_provider_signs_in_through_its_user_info(browser, callback, provider, tmp_path):
    client_id = create_app("OAuth 2.0 buttons")
    secret = tmp_path / "oauth2-secret"
    secret.write_text(oidc_provider.CLIENT_SECRET)
    set_provider(client_id, "octo", "--kind", "oauth2", "--authorization-url", provider.issuer + "/oauth2/authorize",
                 "--token-url", provider.issuer + "/oauth2/token", "--userinfo-url", provider.issuer + "/user",
                 "--scope", "read:user", "--client-id", oidc_provider.CLIENT_ID, "--client-secret", f"@{secret}")
    provider.user = {"sub": str(secrets.randbelow(10**9) + 1), "email": new_email(), "name": "Octo Cat"}
    flow = Flow(client_id, callback.uri)
    browser.get(flow.url)
    button = wait_for(browser, "a.provider")
    assert button.text == "Continue with Octo"
    button.click()
    token = flow.finish(browser)
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {token['access_token']}"}, timeout=10).json()
    assert me["displayName"] == "Octo Cat" and me.get("email") is None  # an unverified email stays on the identity
    assert [(i["provider"], i["subject"], i.get("email")) for i in me["identities"]] == [
        ("octo", provider.user["sub"], provider.user["email"])]
    # The same provider's access token, sent by a client, proves nothing about whom it was issued to.
    stolen = next(iter(provider.access_tokens))
    direct = requests.post(f"{URL}/v1/auth/external", headers={"Latchkey-Client-Id": client_id},
                           json={"provider": "octo", "token": stolen}, timeout=10)
    assert direct.status_code == 401 and direct.json()["code"] == "invalid_provider_token"


def test_discovery_announces_the_code_flow():
    config = requests.get(f"{URL}/.well-known/openid-configuration", timeout=10).json()
    assert config["authorization_endpoint"] == AUTHORIZE
    assert config["response_types_supported"] == ["code"]
    assert config["code_challenge_methods_supported"] == ["S256"]
    assert "authorization_code" in config["grant_types_supported"]
    assert config["end_session_endpoint"] == f"{URL}/oauth/logout"
    assert set(config["ui_locales_supported"]) == set(LANGUAGES)


def test_code_flow_then_a_second_sign_in_without_a_password(browser, first_party, callback):
    username = sign_up_user(first_party)
    flow = Flow(first_party, callback.uri)
    browser.get(flow.url)
    wait_for(browser, "#identifier")
    assert browser.switch_to.active_element.get_attribute("id") == "identifier"  # focus starts in the form
    fill(browser, {"identifier": username, "password": PASSWORD})
    token = flow.finish(browser)
    assert token["token_type"] == "Bearer" and token["refresh_token"].startswith("lkr_")
    claims = verified_id_token(token, first_party, flow.nonce)
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {token['access_token']}"}, timeout=10).json()
    assert claims["sub"] == me["id"] and claims["preferred_username"] == username

    # The browser session signs the next request in at once: no page, no password.
    again = Flow(first_party, callback.uri)
    browser.get(again.url)
    second = again.finish(browser)
    assert verified_id_token(second, first_party, again.nonce)["sub"] == me["id"]
    # The refresh token rotates as the app's sessions' do.
    refreshed = again.client.refresh_token(TOKEN_ENDPOINT, refresh_token=second["refresh_token"])
    assert refreshed["refresh_token"] != second["refresh_token"]

    # Kurogo's Session API, asked as an app asks it with its web view's cookie.
    cookie = browser.get_cookie("lk_session")
    assert cookie["httpOnly"] is True and cookie["sameSite"] == "Lax"
    status = session_status(first_party, cookie["value"])
    assert status["active"] is True and status["user"]["username"] == username

    # RP-initiated logout ends it: prompt=none is then login_required.
    browser.get(f"{URL}/oauth/logout?id_token_hint={second['id_token']}&post_logout_redirect_uri={callback.uri}&state=bye")
    WebDriverWait(browser, WAIT).until(lambda d: d.current_url.startswith(callback.uri))
    assert parse_qs(urlparse(browser.current_url).query)["state"] == ["bye"]
    quiet = Flow(first_party, callback.uri, prompt="none")
    browser.get(quiet.url)
    WebDriverWait(browser, WAIT).until(lambda d: d.current_url.startswith(callback.uri))
    answer = parse_qs(urlparse(browser.current_url).query)
    assert answer["error"] == ["login_required"] and answer["state"] == [quiet.state]
    assert session_status(first_party, cookie["value"]) == {"active": False}


def test_prompt_none_without_a_session_is_login_required(browser, first_party, callback):
    flow = Flow(first_party, callback.uri, prompt="none")
    browser.get(flow.url)
    WebDriverWait(browser, WAIT).until(lambda d: d.current_url.startswith(callback.uri))
    answer = parse_qs(urlparse(browser.current_url).query)
    assert answer["error"] == ["login_required"]
    assert answer["state"] == [flow.state]


def test_sign_up_through_the_page(browser, first_party, callback):
    flow = Flow(first_party, callback.uri)
    browser.get(flow.url)
    browser.find_element(By.LINK_TEXT, "Create an account").click()
    wait_for(browser, "#username")
    username = f"new_{secrets.token_hex(5)}"
    fill(browser, {"username": username, "password": "short"})
    summary = wait_for(browser, "#error-summary")
    assert browser.switch_to.active_element == summary  # the summary takes focus
    assert browser.find_element(By.ID, "password").get_attribute("aria-invalid") == "true"
    assert_accessible(browser)
    fill(browser, {"username": username, "password": PASSWORD})
    token = flow.finish(browser)
    assert verified_id_token(token, first_party, flow.nonce)["preferred_username"] == username


def test_reset_through_the_pages(browser, first_party, callback):
    """The reset page sends the email link; the link's page sets a new password, which then
    signs in on the hosted login. An unknown address gets the same page."""
    email = new_email()
    sign_up_user(first_party, email=email)
    flow = Flow(first_party, callback.uri)
    browser.get(flow.url)
    wait_for(browser, "#identifier")
    browser.find_element(By.LINK_TEXT, "Forgot your password?").click()
    wait_for(browser, "#email")
    fill(browser, {"email": email})
    wait_for(browser, "main p")
    sent = browser.find_element(By.TAG_NAME, "main").text
    assert "If an account uses this address" in sent

    browser.get(link_in(message_to(email, "reset_password")))
    new_password = secrets.token_urlsafe(16)
    field = wait_for(browser, "input[type=password]")
    field.send_keys(new_password)
    field.send_keys(Keys.ENTER)
    wait_for(browser, "h1")
    browser.get(flow.url)
    fill(browser, {"identifier": email, "password": new_password})
    assert verified_id_token(flow.finish(browser), first_party, flow.nonce)["email"] == email

    other = Flow(first_party, callback.uri)
    browser.get(other.url.replace("/oauth/authorize?", "/oauth/authorize/reset?"))
    fill(browser, {"email": new_email()})
    wait_for(browser, "main p")
    assert browser.find_element(By.TAG_NAME, "main").text == sent


def test_phone_pin_through_the_pages(browser, first_party, callback):
    number = "+8190" + "".join(secrets.choice("0123456789") for _ in range(8))
    flow = Flow(first_party, callback.uri)
    browser.get(flow.url)
    wait_for(browser, "#identifier")
    browser.find_element(By.LINK_TEXT, "Sign in with a code sent to your phone").click()
    fill(browser, {"phone": number})
    wait_for(browser, "#pin")
    pin = re.search(r"\b\d{6}\b", message_to(number, "phone_sign_in")["body"]).group(0)
    fill(browser, {"pin": pin})
    token = flow.finish(browser)
    assert verified_id_token(token, first_party, flow.nonce)["sub"]


def test_forms_without_their_token_are_refused(browser, first_party, callback):
    flow = Flow(first_party, callback.uri)
    browser.get(flow.url)
    wait_for(browser, "#identifier")
    for value in (None, "forged"):
        browser.execute_script(
            "const f = document.querySelector('input[name=csrf_token]');"
            "if (arguments[0] === null) { f.remove(); } else { f.value = arguments[0]; }", value)
        fill(browser, {"identifier": "someone", "password": PASSWORD})
        wait_for(browser, "h1")
        page = browser.find_element(By.TAG_NAME, "main").text
        assert "This form has expired" in page and "reload the page" in page, page
        assert not browser.current_url.startswith(callback.uri)
        browser.get(flow.url)
        wait_for(browser, "#identifier")


def test_a_third_party_app_asks_for_consent(browser, third_party, callback):
    username = sign_up_user(third_party)
    flow = Flow(third_party, callback.uri)
    browser.get(flow.url)
    fill(browser, {"identifier": username, "password": PASSWORD})
    allow = wait_for(browser, "button[value=allow]")
    assert "Partner app" in browser.find_element(By.TAG_NAME, "main").text
    allow.click()
    flow.finish(browser)
    # Remembered: the next request goes straight back.
    again = Flow(third_party, callback.uri)
    browser.get(again.url)
    again.finish(browser)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_every_language(browser_in, first_party, third_party, callback, language):
    """Each page of the hosted login, in `language` by ui_locales and Accept-Language: axe finds
    no serious or critical violation, and a screenshot is saved."""
    driver = browser_in(language)
    flow = Flow(first_party, callback.uri, ui_locales=language)

    def page(name: str):
        wait_for(driver, "h1")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        assert_accessible(driver)
        screenshot(driver, f"login-{name}-{language}")

    driver.get(flow.url)
    page("sign-in")
    fill(driver, {"identifier": "nobody", "password": "wrong password"})
    wait_for(driver, "#error-summary")
    page("sign-in-error")
    query = urlparse(flow.url).query
    driver.get(f"{URL}/oauth/authorize/sign-up?{query}")
    page("sign-up")
    driver.get(f"{URL}/oauth/authorize/reset?{query}")
    page("reset")
    fill(driver, {"email": "nobody@example.com"})
    page("reset-sent")
    driver.get(f"{URL}/oauth/authorize/phone?{query}")
    page("phone")
    fill(driver, {"phone": "+81 90 1234 5678"})
    wait_for(driver, "#pin")
    page("pin")
    driver.get(f"{AUTHORIZE}?client_id={first_party}&redirect_uri=https://elsewhere.example/cb&ui_locales={language}")
    page("error")
    driver.get(f"{URL}/oauth/logout?client_id={first_party}&ui_locales={language}")
    page("logout")
    consent = Flow(third_party, callback.uri, ui_locales=language)
    driver.get(consent.url)
    fill(driver, {"identifier": sign_up_user(third_party), "password": PASSWORD})
    wait_for(driver, "button[value=allow]")
    page("consent")
