"""The server's own pages for email links and parents' consent, in a real browser, in each
language: a user opens the link the server emailed, acts on the page, and the account changes.
Each page is saved as `pages-<page>-<language>.png` and checked by axe-core; a form sent without
the page's token does nothing."""

import json
import secrets
from pathlib import Path

import pytest
import requests
from selenium.webdriver.common.by import By

from browsers import assert_accessible, screenshot, wait_until_replaced
from latchkey_server import CLIENT_ID, URL, link_in, message_to, new_email, sign_in, sign_up_with_email

STRINGS = Path(__file__).parent.parent.parent / "Sources/LatchkeyServer/Resources/strings"
LANGUAGES = ["en", "ja", "zh-Hans"]


def text(language: str, id: str) -> str:
    """The catalog text `page.<id>` in `language`, as the server writes it."""
    return json.loads((STRINGS / f"{language}.json").read_text(encoding="utf-8"))[f"page.{id}"]


def heading(driver) -> str:
    return driver.find_element(By.TAG_NAME, "h1").text


def press(driver, button: str) -> None:
    """Presses the button labelled `button` and waits for the page it leads to."""
    pressed = driver.find_element(By.XPATH, f"//button[normalize-space()='{button}']")
    pressed.click()
    wait_until_replaced(driver, pressed)


def shows(driver, title: str, name: str) -> None:
    """The page is titled `title` in its language; saves it as `name` and checks it with axe-core."""
    assert heading(driver) == title
    assert driver.title == title
    screenshot(driver, name)
    assert_accessible(driver)


@pytest.mark.parametrize("language", LANGUAGES)
def test_verify_email(language, browser_in):
    email, password = new_email(), secrets.token_urlsafe(16)
    sign_up_with_email(email, password)
    assert sign_in(email, password).status_code == 401  # not before the address is verified

    browser = browser_in(language)
    browser.get(link_in(message_to(email, "verify_email")))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    shows(browser, text(language, "verify_email.title"), f"pages-verify-email-{language}")

    press(browser, text(language, "verify_email.button"))
    shows(browser, text(language, "email_confirmed.title"), f"pages-email-confirmed-{language}")
    signed_in = sign_in(email, password)
    assert signed_in.status_code == 200 and signed_in.json()["user"]["emailVerified"] is True


@pytest.mark.parametrize("language", LANGUAGES)
def test_reset_password(language, browser_in):
    email, password = new_email(), secrets.token_urlsafe(16)
    sign_up_with_email(email, password)
    asked = requests.post(
        f"{URL}/v1/auth/password/reset", headers={"Latchkey-Client-Id": CLIENT_ID}, json={"email": email}, timeout=10
    )
    assert asked.status_code == 202

    browser = browser_in(language)
    browser.get(link_in(message_to(email, "reset_password")))
    shows(browser, text(language, "reset_password.title"), f"pages-reset-password-{language}")

    # A refused password: the form again, the reason in the error summary, linked to the field.
    field = browser.find_element(By.ID, "password")
    assert browser.find_element(By.CSS_SELECTOR, "label[for=password]").text == text(language, "reset_password.label")
    field.send_keys("password")  # a common password: refused
    press(browser, text(language, "reset_password.button"))
    summary = browser.find_element(By.ID, "error-summary")
    assert summary.find_element(By.TAG_NAME, "h2").text == text(language, "layout.error_summary")
    assert summary.find_element(By.CSS_SELECTOR, "a[href='#password']").text
    assert browser.find_element(By.ID, "password").get_attribute("aria-invalid") == "true"
    shows(browser, text(language, "reset_password.title"), f"pages-reset-password-error-{language}")

    new_password = secrets.token_urlsafe(16)
    browser.find_element(By.ID, "password").send_keys(new_password)
    press(browser, text(language, "reset_password.button"))
    shows(browser, text(language, "password_changed.title"), f"pages-password-changed-{language}")
    assert sign_in(email, password).status_code == 401
    assert sign_in(email, new_password).status_code == 200


def sign_up_child(parent: str) -> tuple[str, str]:
    """Signs up a ten-year-old (US) with `parent`'s email; returns the child's username and
    access token (restricted until the parent grants consent)."""
    username = f"kid_{secrets.token_hex(4)}"
    response = requests.post(
        f"{URL}/v1/auth/signup",
        headers={"Latchkey-Client-Id": CLIENT_ID},
        json={
            "username": username,
            "password": secrets.token_urlsafe(16),
            "dateOfBirth": "2016-05-01",
            "country": "US",
            "parentEmail": parent,
        },
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return username, response.json()["session"]["accessToken"]


def consent_status(access_token: str) -> str:
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {access_token}"}, timeout=10)
    return me.json()["consent"]["status"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_parent_grants_consent(language, browser_in):
    parent = new_email()
    child, access_token = sign_up_child(parent)
    assert consent_status(access_token) == "pending"

    browser = browser_in(language)
    browser.get(link_in(message_to(parent, "parent_consent")))
    shows(browser, text(language, "consent.title"), f"pages-consent-{language}")
    assert child in browser.find_element(By.TAG_NAME, "main").text

    press(browser, text(language, "consent.button.grant"))
    shows(browser, text(language, "consent.done.grant.title"), f"pages-consent-granted-{language}")
    assert consent_status(access_token) == "granted"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_from_another_site_does_nothing(language, browser_in):
    """The consent form posted without the page's token, as another site's form would be: the
    refusal page, and the consent still pending."""
    parent = new_email()
    _, access_token = sign_up_child(parent)
    token = link_in(message_to(parent, "parent_consent")).split("token=")[1]
    forged = requests.post(f"{URL}/v1/consent", data={"token": token, "action": "grant"}, timeout=10)
    assert forged.status_code == 403

    # The same in the browser: a page of no token posting to the server (a data: URL, another origin).
    browser = browser_in(language)
    browser.get(
        "data:text/html,<form method=post action='"
        + f"{URL}/v1/consent'><input name=token value='{token}'><input name=action value=grant>"
        + "<button>go</button></form>"
    )
    press(browser, "go")
    shows(browser, text(language, "form_refused.title"), f"pages-form-refused-{language}")
    assert consent_status(access_token) == "pending"
