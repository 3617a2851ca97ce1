"""The hosted pages in an app's brand, in a real browser: the logo, accent, background and
appearance set through `latchkey apps update` show on the sign-in page and on an email link's
page; the "show password" button shows what was typed; no page scrolls sideways at 320 px or on a
desktop; and a user who signs up through the hosted login, then confirms their address by the
emailed link in the same browser, continues into the app's sign-in and ends at its redirect URI
with a code. Each page is checked by axe-core in English and Japanese and saved as
`brand-<page>-<language>.png`."""

import secrets
import subprocess

import pytest
from selenium.webdriver.common.by import By

from browsers import assert_accessible, screenshot, wait_until_replaced
from latchkey_server import BINARY, DATA_DIR, URL, link_in, message_to, new_email
from test_hosted_login_browser import PASSWORD, Flow, callback, create_app, fill, verified_id_token, wait_for  # noqa: F401 (callback: a fixture)

LANGUAGES = ["en", "ja"]
APP_NAME = "Harbour Notes"
ACCENT, BACKGROUND = "#0b7285", "#0b1f3a"
LOGO = "https://cdn.example/harbour.png"
SUPPORT = "mailto:help@harbour.example"


def brand(client_id: str, appearance: str):
    """Sets the app's brand with `latchkey apps update`."""
    subprocess.run(
        [BINARY, "apps", "update", client_id, "--logo-url", LOGO, "--accent-color", ACCENT, "--background-color", BACKGROUND,
         "--appearance", appearance, "--support-url", SUPPORT, "--data-dir", DATA_DIR],
        check=True, capture_output=True, timeout=60,
    )


@pytest.fixture(scope="module")
def branded():
    client_id = create_app(APP_NAME)
    brand(client_id, "light")
    return client_id


def style(driver, css: str, property: str) -> str:
    element = driver.find_element(By.CSS_SELECTOR, css)
    return driver.execute_script("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, property)


def rgb(color: str) -> str:
    return "rgb({}, {}, {})".format(*(int(color[index:index + 2], 16) for index in (1, 3, 5)))


def shows_the_brand(driver, card: str):
    """The page wears the app's brand: its logo named for the app, its background around the
    card of colour `card`; the accent on the primary button when the page has one."""
    logo = driver.find_element(By.CSS_SELECTOR, "header.login-app img.logo")
    assert logo.get_attribute("src") == LOGO and logo.get_attribute("alt") == APP_NAME
    assert style(driver, "body", "background-color") == rgb(BACKGROUND)
    assert style(driver, "main", "background-color") == rgb(card)
    # The support link below the card, as the app's emails end.
    support = driver.find_element(By.CSS_SELECTOR, "footer.support a")
    assert support.get_attribute("href") == SUPPORT and APP_NAME in support.text


def has_no_sideways_scroll(driver, name: str):
    """The page fits a 320 px phone (saved as `<name>-320.png`) and a desktop without scrolling sideways."""
    for width in (320, 1280):
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
        assert driver.execute_script("return window.innerWidth") == width
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), f"scrolls sideways at {width} px"
        if width == 320:
            screenshot(driver, f"{name}-320")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def page(driver, name: str, language: str):
    """The page in `language`: no sideways scroll, no serious axe violation; saved as `brand-<name>-<language>`."""
    wait_for(driver, "h1")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    has_no_sideways_scroll(driver, f"brand-{name}-{language}")
    assert_accessible(driver)
    screenshot(driver, f"brand-{name}-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_brand_and_the_show_password_button(browser_in, branded, callback, language):
    driver = browser_in(language)
    flow = Flow(branded, callback.uri, ui_locales=language)
    driver.get(flow.url)
    wait_for(driver, "#password")
    shows_the_brand(driver, "#ffffff")
    assert style(driver, "form button[type=submit]", "background-color") == rgb(ACCENT)
    page(driver, "sign-in", language)

    # The button shows and hides what was typed, saying which by aria-pressed; the form still posts.
    password, reveal = driver.find_element(By.ID, "password"), driver.find_element(By.CSS_SELECTOR, "button.reveal")
    assert reveal.is_displayed() and reveal.get_attribute("aria-pressed") == "false"
    password.send_keys("typed")
    reveal.click()
    assert password.get_attribute("type") == "text" and reveal.get_attribute("aria-pressed") == "true"
    reveal.click()
    assert password.get_attribute("type") == "password" and reveal.get_attribute("aria-pressed") == "false"
    # No passkey button: the app has no passkeys, and where it has, only a browser with WebAuthn shows one.
    assert not driver.find_elements(By.ID, "passkey-button")

    query = flow.url.split("?", 1)[1]
    driver.get(f"{URL}/oauth/authorize/sign-up?{query}")
    wait_for(driver, "#password")
    page(driver, "sign-up", language)


def test_the_dark_appearance(browser, callback):
    client_id = create_app(f"{APP_NAME} dark")
    brand(client_id, "dark")
    browser.get(Flow(client_id, callback.uri).url)
    wait_for(browser, "#password")
    assert style(browser, "main", "background-color") == rgb("#1f1f1f")
    assert style(browser, "main", "color") == rgb("#ececec")
    # The brand's background, darkened: a fifth of it over the darkest grey.
    assert style(browser, "body", "background-color") == rgb("#11151a")
    assert style(browser, "form button[type=submit]", "background-color") == rgb("#8ab4f8")
    assert_accessible(browser)
    screenshot(browser, "brand-sign-in-dark-en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_sign_in_resumes_after_the_email_is_confirmed(browser_in, branded, callback, language):
    driver = browser_in(language)
    flow = Flow(branded, callback.uri, ui_locales=language)
    driver.get(flow.url)
    wait_for(driver, "#password")
    query = flow.url.split("?", 1)[1]
    driver.get(f"{URL}/oauth/authorize/sign-up?{query}")
    email = new_email()
    form = driver.find_element(By.ID, "password")
    fill(driver, {"username": f"harbour_{secrets.token_hex(4)}", "email": email, "password": PASSWORD})
    wait_until_replaced(driver, form)
    assert not driver.find_elements(By.ID, "password")  # no session yet: the page says to confirm the address
    page(driver, "check-email", language)

    # The emailed link, in the same browser: its pages wear the app's brand.
    driver.get(link_in(message_to(email, "verify_email")))
    confirm = wait_for(driver, "form button[type=submit]")
    shows_the_brand(driver, "#ffffff")
    page(driver, "verify-email", language)
    confirm.click()
    wait_until_replaced(driver, confirm)
    proceed = wait_for(driver, "a.button.continue")
    shows_the_brand(driver, "#ffffff")
    assert APP_NAME in proceed.text
    page(driver, "email-confirmed", language)

    # Continuing is the app's own sign-in, which ends at its redirect URI with a code.
    proceed.click()
    wait_for(driver, "#identifier")
    fill(driver, {"identifier": email, "password": PASSWORD})
    token = flow.finish(driver)
    assert verified_id_token(token, branded, flow.nonce)["email"] == email
    # The sign-in is over: a later link's page offers no way back into it.
    assert driver.get_cookie("lk_authorize") is None
