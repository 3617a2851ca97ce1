"""The admin console in a real browser (headless chromium through Selenium): sign-in with
password and a TOTP code computed here (RFC 6238 with hmac), creating an app, rotating its
secret, finding and disabling a user, reading the audit log, a form posted without its CSRF
token refused, and every page screenshotted and checked with axe-core in English, Japanese and
Simplified Chinese. Operators are created with `latchkey operators create` against the running
server's data directory; each enrolls its authenticator at its first sign-in."""

import base64
import hashlib
import hmac
import json
import secrets
import struct
import subprocess
import time

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from browsers import assert_accessible, screenshot, wait_until_replaced
from latchkey_server import BINARY, DATA_DIR, TOKEN_ENDPOINT, URL, sign_up

WAIT_SECONDS = 10


def totp(secret: str, at: float | None = None) -> str:
    """The six-digit RFC 6238 code (HMAC-SHA-1, 30-second steps) of a base32 secret."""
    compact = secret.replace(" ", "").upper()
    key = base64.b32decode(compact + "=" * (-len(compact) % 8))
    counter = int((time.time() if at is None else at) // 30)
    mac = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def test_totp_matches_the_rfc_vectors():
    secret = base64.b32encode(b"12345678901234567890").decode()
    assert [totp(secret, t) for t in (59, 1111111109, 1234567890, 2000000000)] == ["287082", "081804", "005924", "279037"]


def create_operator(role: str) -> tuple[str, str]:
    """A new operator through the CLI, as an owner would make one; returns name and password."""
    username = f"op{secrets.token_hex(4)}"
    result = subprocess.run(
        [BINARY, "operators", "create", username, "--role", role, "--json", "--data-dir", DATA_DIR],
        capture_output=True, text=True, timeout=60, check=True)
    return username, json.loads(result.stdout)["password"]


def wait_for(driver, element_id: str):
    return WebDriverWait(driver, WAIT_SECONDS).until(expected_conditions.presence_of_element_located((By.ID, element_id)))


def submit(driver, button_id: str, accept_confirmation: bool = False):
    """Clicks a submit button and waits for the next page to replace this one."""
    body = driver.find_element(By.TAG_NAME, "body")
    driver.find_element(By.ID, button_id).click()
    if accept_confirmation:
        WebDriverWait(driver, WAIT_SECONDS).until(expected_conditions.alert_is_present()).accept()
    wait_until_replaced(driver, body)


def check(driver, page: str, language: str):
    """Screenshot `console-<page>-<language>.png` and no serious accessibility violation."""
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    screenshot(driver, f"console-{page}-{language}")
    assert_accessible(driver)


def sign_in(driver, language: str, role: str = "owner") -> str:
    """Signs a new operator in with password, then the code of the secret the enrollment shows."""
    username, password = create_operator(role)
    driver.get(f"{URL}/console")
    wait_for(driver, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    check(driver, "sign-in", language)
    submit(driver, "submit")
    secret = wait_for(driver, "totp-secret").text
    assert driver.find_element(By.ID, "totp-uri").get_attribute("href").startswith("otpauth://totp/")
    check(driver, "totp", language)
    driver.find_element(By.ID, "code").send_keys(totp(secret))
    submit(driver, "submit")
    wait_for(driver, "chart")
    return username


def test_console_flows(browser):
    user = sign_up()
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {user['accessToken']}"}, timeout=10).json()
    operator = sign_in(browser, "en")
    check(browser, "dashboard", "en")

    # Create an app: its secret is shown once and works at the token endpoint.
    browser.get(f"{URL}/console/apps")
    name = f"Shop {secrets.token_hex(3)}"
    wait_for(browser, "name").send_keys(name)
    check(browser, "apps", "en")
    submit(browser, "create-app")
    client_id = wait_for(browser, "client-id").text
    first_secret = browser.find_element(By.ID, "client-secret").text
    check(browser, "secret", "en")
    grant = {"grant_type": "client_credentials", "client_id": client_id}
    assert requests.post(TOKEN_ENDPOINT, data={**grant, "client_secret": first_secret}, timeout=10).status_code == 200

    # Rotate it (after the confirmation): the old secret stops working, the new one works.
    submit(browser, "to-app")
    wait_for(browser, "rotate-secret")
    check(browser, "app", "en")
    submit(browser, "rotate-secret", accept_confirmation=True)
    second_secret = wait_for(browser, "client-secret").text
    assert second_secret != first_secret
    assert requests.post(TOKEN_ENDPOINT, data={**grant, "client_secret": first_secret}, timeout=10).status_code == 401
    assert requests.post(TOKEN_ENDPOINT, data={**grant, "client_secret": second_secret}, timeout=10).status_code == 200

    # Find the user by username in the first app and disable them: their session ends.
    browser.get(f"{URL}/console/users")
    app_ids = {option.text: option.get_attribute("value") for option in Select(wait_for(browser, "app")).options}
    Select(browser.find_element(By.ID, "app")).select_by_value(app_ids["interop"])
    browser.find_element(By.ID, "q").send_keys(me["username"])
    submit(browser, "search")
    check(browser, "users", "en")
    browser.find_element(By.LINK_TEXT, me["username"]).click()
    wait_for(browser, "disable-user")
    check(browser, "user", "en")
    submit(browser, "disable-user")
    assert wait_for(browser, "user-state").text == "disabled"
    assert requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {user['accessToken']}"}, timeout=10).status_code == 401

    # The audit log names each action, who did it and from where.
    browser.get(f"{URL}/console/audit")
    log = wait_for(browser, "audit-log").text
    for action in ("operator.sign_in", "app.create", "app.rotate_secret", "user.disable"):
        assert action in log
    assert operator in log and me["id"] in log and "127.0.0.1" in log
    check(browser, "audit", "en")

    browser.get(f"{URL}/console/outbox")
    wait_for(browser, "main")
    check(browser, "outbox", "en")
    browser.get(f"{URL}/console/operators")
    wait_for(browser, "create-operator")
    check(browser, "operators", "en")

    # A form posted without its CSRF token, with the browser's own cookies, is refused.
    cookies = {cookie["name"]: cookie["value"] for cookie in browser.get_cookies()}
    assert "lk_console" in cookies
    forged = requests.post(f"{URL}/console/apps", data={"name": "Forged"}, cookies=cookies, timeout=10, allow_redirects=False)
    assert forged.status_code == 403
    wrong = requests.post(
        f"{URL}/console/apps", data={"name": "Forged", "csrf_token": "A" * 43}, cookies=cookies, timeout=10, allow_redirects=False)
    assert wrong.status_code == 403
    browser.get(f"{URL}/console/apps")
    assert "Forged" not in wait_for(browser, "main").text


def app_settings(client_id: str) -> dict:
    """The app's stored settings, as `latchkey apps show --json` prints them (the sign-in
    methods, a set, in order)."""
    shown = subprocess.run(
        [BINARY, "apps", "show", client_id, "--json", "--data-dir", DATA_DIR], capture_output=True, text=True, timeout=60, check=True)
    settings = json.loads(shown.stdout)["settings"]
    return {**settings, "signInMethods": sorted(settings["signInMethods"])}


def test_changing_the_access_token_lifetime_saves_only_that(browser):
    """The access-token lifetime is "changeable in the control panel" (Wilddog): on an app whose
    settings are not the defaults (a second wallet currency, lists, an optional URL, booleans),
    changing only that field and pressing Save (then confirming the change) stores it and leaves
    every other setting as it was."""
    created = subprocess.run(
        [BINARY, "apps", "create", "--name", f"Panel {secrets.token_hex(3)}", "--json", "--data-dir", DATA_DIR],
        capture_output=True, text=True, timeout=60, check=True)
    app = json.loads(created.stdout)["app"]
    subprocess.run(
        [BINARY, "apps", "update", app["clientId"], "--wallet-currency", "kredits", "--wallet-currency", "gems",
         "--cors-origin", "https://a.example", "--cors-origin", "https://b.example", "--logo-url", "https://cdn.example/logo.png?a=1&b=2",
         "--consent-age-by-country", "DE=16", "--sign-in-methods", "username,email,emailCode", "--first-party", "false",
         "--wallet-self-spend", "true", "--passkey-user-verification", "required", "--data-dir", DATA_DIR],
        capture_output=True, timeout=60, check=True)
    before = app_settings(app["clientId"])
    sign_in(browser, "en")
    browser.get(f"{URL}/console/apps/{app['id']}")
    field = wait_for(browser, "setting-access-token-ttl")
    assert field.get_attribute("value") == str(before["accessTokenTTL"])
    field.clear()
    field.send_keys("1200")
    submit(browser, "save-settings")
    wait_for(browser, "settings-diff")
    submit(browser, "confirm-settings")
    wait_for(browser, "client-id")
    assert not browser.find_elements(By.ID, "error-summary")
    after = app_settings(app["clientId"])
    assert after["accessTokenTTL"] == 1200
    assert after == {**before, "accessTokenTTL": 1200}


def test_a_viewer_sees_no_buttons(browser):
    sign_in(browser, "en", role="viewer")
    browser.get(f"{URL}/console/apps")
    wait_for(browser, "main")
    assert not browser.find_elements(By.ID, "create-app")
    browser.find_element(By.LINK_TEXT, "interop").click()
    wait_for(browser, "client-id")
    assert not browser.find_elements(By.ID, "rotate-secret") and not browser.find_elements(By.ID, "save-settings")
    assert not browser.find_elements(By.LINK_TEXT, "Operators")


@pytest.mark.parametrize("language", ["ja", "zh-Hans"])
def test_every_page_in_another_language(browser_in, language):
    driver = browser_in(language)
    sign_in(driver, language)
    check(driver, "dashboard", language)
    pages = {"apps": "/console/apps", "users": "/console/users?q=", "outbox": "/console/outbox", "audit": "/console/audit",
             "operators": "/console/operators"}
    for page, path in pages.items():
        driver.get(f"{URL}{path}")
        wait_for(driver, "main")
        check(driver, page, language)
    driver.get(f"{URL}/console/apps")
    driver.find_element(By.LINK_TEXT, "interop").click()
    wait_for(driver, "client-id")
    check(driver, "app", language)
    driver.get(f"{URL}/console/users?q=interop_")
    links = driver.find_elements(By.CSS_SELECTOR, "tbody a")
    assert links
    links[0].click()
    wait_for(driver, "user-state")
    check(driver, "user", language)
    driver.get(f"{URL}/console/apps")
    wait_for(driver, "name").send_keys(f"App {language}")
    submit(driver, "create-app")
    wait_for(driver, "client-secret")
    check(driver, "secret", language)
