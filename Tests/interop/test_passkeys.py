"""Passkeys with real authenticators: soft-webauthn (a software authenticator from PyPI) against
the JSON API, and headless chromium's WebDriver virtual authenticator through the hosted login —
the browser makes the credential with `navigator.credentials.create` and signs in with the page's
passkey button."""

import base64
import json
import subprocess
from urllib.parse import urlparse

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait
from soft_webauthn import SoftWebauthnDevice

from browsers import assert_accessible, screenshot
from latchkey_server import BINARY, CLIENT_ID, DATA_DIR, URL, sign_up
from test_hosted_login_browser import WAIT, Flow, callback, create_app  # noqa: F401 (callback is a fixture)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def creation_options(access_token: str) -> dict:
    response = requests.post(f"{URL}/v1/me/passkeys/options", headers={"Authorization": f"Bearer {access_token}"}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def request_options(client_id: str = CLIENT_ID) -> dict:
    response = requests.post(f"{URL}/v1/auth/passkey/options", headers={"Latchkey-Client-Id": client_id}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def sign_in(assertion: dict) -> requests.Response:
    return requests.post(f"{URL}/v1/auth/passkey", headers={"Latchkey-Client-Id": CLIENT_ID}, json={"credential": assertion}, timeout=10)


def soft_registration(device: SoftWebauthnDevice, options: dict) -> dict:
    """soft-webauthn's answer to the server's creation options, as the JSON `toJSON()` gives."""
    public_key = dict(options, challenge=unb64url(options["challenge"]), user=dict(options["user"], id=unb64url(options["user"]["id"])))
    made = device.create({"publicKey": public_key}, URL)
    return {
        "id": b64url(made["rawId"]), "rawId": b64url(made["rawId"]), "type": made["type"],
        "response": {key: b64url(value) for key, value in made["response"].items()},
    }


def soft_assertion(device: SoftWebauthnDevice, options: dict) -> dict:
    made = device.get({"publicKey": dict(options, challenge=unb64url(options["challenge"]))}, URL)
    return {
        "id": b64url(made["rawId"]), "rawId": b64url(made["rawId"]), "type": made["type"],
        "response": {key: b64url(value) for key, value in made["response"].items()},
    }


def test_soft_webauthn_registers_and_signs_in_once_per_challenge():
    session = sign_up()
    device = SoftWebauthnDevice()
    registered = requests.post(
        f"{URL}/v1/me/passkeys", headers={"Authorization": f"Bearer {session['accessToken']}"},
        json={"credential": soft_registration(device, creation_options(session["accessToken"])), "name": "soft-webauthn"}, timeout=10)
    assert registered.status_code == 201, registered.text
    assert registered.json()["name"] == "soft-webauthn"

    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {session['accessToken']}"}, timeout=10).json()
    assertion = soft_assertion(device, request_options())
    signed_in = sign_in(assertion)
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["user"]["id"] == me["id"]

    replay = sign_in(assertion)
    assert replay.status_code == 401
    assert replay.json()["code"] == "invalid_passkey"
    assert replay.json()["errors"][0]["reason"] == "challenge"
    # The counter moved on: a second sign-in with a fresh challenge works.
    assert sign_in(soft_assertion(device, request_options())).status_code == 200


def test_soft_webauthn_answers_from_another_origin_are_refused():
    session = sign_up()
    device = SoftWebauthnDevice()
    options = creation_options(session["accessToken"])
    public_key = dict(options, challenge=unb64url(options["challenge"]), user=dict(options["user"], id=unb64url(options["user"]["id"])))
    made = device.create({"publicKey": public_key}, "https://evil.example")
    credential = {"id": b64url(made["rawId"]), "rawId": b64url(made["rawId"]), "type": "public-key",
                  "response": {key: b64url(value) for key, value in made["response"].items()}}
    refused = requests.post(
        f"{URL}/v1/me/passkeys", headers={"Authorization": f"Bearer {session['accessToken']}"}, json={"credential": credential}, timeout=10)
    assert refused.status_code == 401
    assert refused.json()["errors"][0]["reason"] == "origin"


def test_chromium_makes_a_passkey_and_signs_in_with_the_hosted_page_button(browser, callback):
    # WebAuthn needs a domain for its RP ID, so the browser opens the server as localhost.
    local = URL.replace("127.0.0.1", "localhost", 1)
    client_id = create_app("Passkey interop")
    subprocess.run(
        [BINARY, "apps", "update", client_id, "--sign-in-methods", "username,passkey", "--passkey-rp-id", "localhost",
         "--passkey-origin", local, "--passkey-user-verification", "required", "--data-dir", DATA_DIR],
        check=True, capture_output=True, timeout=60)
    signed_up = requests.post(
        f"{URL}/v1/auth/signup", headers={"Latchkey-Client-Id": client_id},
        json={"username": "passkey_user", "password": "correct horse battery staple"}, timeout=10)
    assert signed_up.status_code == 201, signed_up.text
    access_token = signed_up.json()["session"]["accessToken"]

    browser.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol="ctap2", transport="internal", has_resident_key=True, has_user_verification=True, is_user_verified=True))
    flow = Flow(client_id, callback.uri)
    browser.get(flow.url.replace("127.0.0.1", "localhost", 1))
    button = WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "passkey-button"))
    assert button.is_displayed()

    # The browser makes the passkey: the options from the API, navigator.credentials.create, the
    # registration back to the API — what an app's web page does.
    registered = browser.execute_async_script("""
        const [token, done] = arguments;
        const decode = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4)), (c) => c.charCodeAt(0));
        const encode = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
        (async () => {
            const headers = { "Authorization": "Bearer " + token, "Content-Type": "application/json" };
            const options = await (await fetch("/v1/me/passkeys/options", { method: "POST", headers })).json();
            const publicKey = { ...options, challenge: decode(options.challenge), user: { ...options.user, id: decode(options.user.id) },
                                excludeCredentials: options.excludeCredentials.map((c) => ({ ...c, id: decode(c.id) })) };
            const credential = await navigator.credentials.create({ publicKey });
            const body = { name: "Chromium", credential: { id: credential.id, rawId: encode(credential.rawId), type: credential.type,
                response: { clientDataJSON: encode(credential.response.clientDataJSON),
                            attestationObject: encode(credential.response.attestationObject),
                            transports: credential.response.getTransports() } } };
            const answer = await fetch("/v1/me/passkeys", { method: "POST", headers, body: JSON.stringify(body) });
            return [answer.status, await answer.text()];
        })().then(done, (error) => done([0, String(error)]));
    """, access_token)
    assert registered[0] == 201, registered[1]
    assert json.loads(registered[1])["backupEligible"] is False

    screenshot(browser, "login-passkey-en")
    assert_accessible(browser)
    button.click()
    token = flow.finish(browser)
    assert "access_token" in token
    assert urlparse(browser.current_url).netloc == urlparse(callback.uri).netloc

    listed = requests.get(f"{URL}/v1/me/passkeys", headers={"Authorization": f"Bearer {access_token}"}, timeout=10).json()
    assert listed["passkeys"][0]["lastUsedAt"] is not None
