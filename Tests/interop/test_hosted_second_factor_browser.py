"""The hosted login's second-factor pages and "Email me a code" in a real browser (headless
Debian chromium): a new account of an app that requires an authenticator enrolls on the page —
its QR code, rendered by chromium and read back by a real decoder (zbar's `zbarimg`), is the
exact `otpauth://` URI of the page's link, and pyotp's code from it signs in — sees its recovery
codes once and goes on to the client; a user signs in with a code emailed from the sign-in page.
Every page is checked with axe-core in every language and saved as `login-<page>-<lang>.png`."""

import re
import subprocess

import pyotp
import pytest
from selenium.webdriver.common.by import By

from browsers import assert_accessible, screenshot
from latchkey_server import BINARY, DATA_DIR, URL, message_to, new_email
from test_hosted_login_browser import LANGUAGES, PASSWORD, Flow, callback, create_app, fill, verified_id_token, wait_for  # noqa: F401 (callback is a fixture)


def configured_app(name: str, *flags: str) -> str:
    """A first-party app for the loopback callback, with `flags` for `latchkey apps update`."""
    client_id = create_app(name)
    subprocess.run([BINARY, "apps", "update", client_id, *flags, "--data-dir", DATA_DIR], check=True, capture_output=True, timeout=60)
    return client_id


@pytest.fixture(scope="module")
def totp_required():
    return configured_app("Two-step app", "--totp-required", "true")


@pytest.fixture(scope="module")
def email_codes():
    return configured_app("Email code app", "--sign-in-methods", "username,email,emailCode")


def page(driver, name: str, language: str) -> None:
    wait_for(driver, "h1")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    assert_accessible(driver)
    screenshot(driver, f"login-{name}-{language}")


def decoded_qr_code(driver, tmp_path) -> str:
    """The QR code on the page as chromium draws it, read by `zbarimg`."""
    image = tmp_path / "qr.png"
    image.write_bytes(driver.find_element(By.CSS_SELECTOR, "#qr-code svg").screenshot_as_png)
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30)
    assert decoded.returncode == 0, decoded.stderr
    return decoded.stdout.rstrip("\n")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_account_enrolls_with_the_qr_code(browser_in, totp_required, callback, tmp_path, language):
    driver = browser_in(language)
    flow = Flow(totp_required, callback.uri, ui_locales=language)
    driver.get(flow.url.replace("/oauth/authorize?", "/oauth/authorize/sign-up?"))
    wait_for(driver, "#password")
    fill(driver, {"username": f"qr_{language.replace('-', '_').lower()}_{new_email()[8:16]}", "password": PASSWORD})
    wait_for(driver, "#qr-code")
    page(driver, "mfa-enroll", language)

    uri = driver.find_element(By.ID, "otpauth-link").get_attribute("href")
    assert uri.startswith("otpauth://totp/")
    assert decoded_qr_code(driver, tmp_path) == uri
    totp = pyotp.parse_uri(uri)
    assert totp.secret == driver.find_element(By.ID, "secret").text

    fill(driver, {"code": totp.now()})
    wait_for(driver, "#recovery-codes")
    page(driver, "recovery-codes", language)
    codes = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#recovery-codes li")]
    assert len(codes) == 10 and len(set(codes)) == 10
    driver.find_element(By.CSS_SELECTOR, "main form button").click()
    token = flow.finish(driver)
    assert verified_id_token(token, totp_required, flow.nonce)["sub"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_email_me_a_code(browser_in, email_codes, callback, language):
    driver = browser_in(language)
    flow = Flow(email_codes, callback.uri, ui_locales=language)
    driver.get(flow.url)
    wait_for(driver, "#identifier")
    driver.find_element(By.CSS_SELECTOR, "a[href^='/oauth/authorize/email?']").click()
    wait_for(driver, "#email")
    page(driver, "email", language)
    address = new_email()
    fill(driver, {"email": address})
    wait_for(driver, "#code")
    page(driver, "email-code", language)
    code = re.search(r"\b\d{6}\b", message_to(address, "email_sign_in")["body"]).group(0)
    fill(driver, {"code": code})
    token = flow.finish(driver)
    assert verified_id_token(token, email_codes, flow.nonce)["sub"]


def wrong(code: str) -> str:
    """Another code of the same length."""
    return f"{(int(code) + 1) % 10 ** len(code):0{len(code)}d}"


def assert_code_field_marked(driver) -> None:
    """The summary and the field itself say the code was wrong: the field is invalid and
    described by its own message (docs/hosted-login.md), and the page passes axe."""
    wait_for(driver, "#error-summary")
    field = driver.find_element(By.ID, "code")
    assert field.get_attribute("aria-invalid") == "true"
    described = field.get_attribute("aria-describedby").split()
    assert "code-error" in described
    assert driver.find_element(By.ID, "code-error").text.strip()
    assert_accessible(driver)


def test_a_wrong_second_factor_code_marks_its_field(browser, totp_required, callback):
    flow = Flow(totp_required, callback.uri)
    browser.get(flow.url.replace("/oauth/authorize?", "/oauth/authorize/sign-up?"))
    wait_for(browser, "#password")
    fill(browser, {"username": f"wrong_totp_{new_email()[8:16]}", "password": PASSWORD})
    wait_for(browser, "#qr-code")
    totp = pyotp.TOTP(browser.find_element(By.ID, "secret").text.replace(" ", ""))
    fill(browser, {"code": wrong(totp.now())})
    assert_code_field_marked(browser)
    fill(browser, {"code": totp.now()})
    wait_for(browser, "#recovery-codes")


def test_a_wrong_email_code_marks_its_field(browser, email_codes, callback):
    flow = Flow(email_codes, callback.uri)
    browser.get(flow.url.replace("/oauth/authorize?", "/oauth/authorize/email?"))
    wait_for(browser, "#email")
    address = new_email()
    fill(browser, {"email": address})
    wait_for(browser, "#code")
    code = re.search(r"\b\d{6}\b", message_to(address, "email_sign_in")["body"]).group(0)
    fill(browser, {"code": wrong(code)})
    assert_code_field_marked(browser)
    fill(browser, {"code": code})
    token = flow.finish(browser)
    assert verified_id_token(token, email_codes, flow.nonce)["sub"]
