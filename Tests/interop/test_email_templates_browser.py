"""The HTML part of every shipped email in a real browser (headless chromium through Selenium):
each purpose in English, Japanese and Simplified Chinese, rendered by `latchkey email-templates
preview` with sample values and the app's brand, shown at 375 px wide in the light and the dark
colour scheme (prefers-color-scheme emulated through the DevTools protocol), screenshotted, checked
with axe-core, and checked not to scroll sideways. Then the console's edit page, whose preview
frame follows an edit."""

import json
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browsers import assert_accessible, screenshot
from latchkey_server import BINARY, CLIENT_ID, DATA_DIR, URL
from test_console_browser import sign_in

PURPOSES = ["verify_email", "change_email", "restore_email", "reset_password", "email_sign_in", "sign_up_attempt",
            "parent_consent", "parent_manage"]
LANGUAGES = ["en", "ja", "zh-Hans"]
PHONE_WIDTH = 375


def rendered_html(purpose: str, language: str) -> str:
    """The default HTML of `purpose` in `language`, rendered as the CLI previews it."""
    result = subprocess.run(
        [BINARY, "email-templates", "preview", "--app", CLIENT_ID, "--purpose", purpose, "--language", language, "--json",
         "--data-dir", DATA_DIR], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)["html"]


def show_on_a_phone(driver, path: Path, scheme: str) -> None:
    """Opens `path` 375 px wide in the colour scheme `scheme` (light or dark)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE_WIDTH, "height": 812, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get(path.as_uri())


@pytest.fixture(scope="module", autouse=True)
def support_link():
    """Gives the app a support link, so the footer shows in every email."""
    subprocess.run([BINARY, "apps", "update", CLIENT_ID, "--support-url", "mailto:help@example.com", "--data-dir", DATA_DIR],
                   capture_output=True, text=True, timeout=60, check=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_default_email_reads_well_on_a_phone_in_light_and_dark(browser_in, language):
    driver = browser_in(language)
    with tempfile.TemporaryDirectory() as folder:
        for purpose in PURPOSES:
            path = Path(folder) / f"{purpose}-{language}.html"
            path.write_text(rendered_html(purpose, language), encoding="utf-8")
            for scheme in ["light", "dark"]:
                show_on_a_phone(driver, path, scheme)
                assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
                assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
                width, scrolled = driver.execute_script(
                    "return [window.innerWidth, document.documentElement.scrollWidth]")
                assert width == PHONE_WIDTH and scrolled <= width, f"{purpose} {language} {scheme}: {scrolled} px wide"
                background = driver.execute_script(
                    "return getComputedStyle(document.querySelector('.card')).backgroundColor")
                assert (background == "rgb(39, 39, 42)") == (scheme == "dark"), background
                screenshot(driver, f"email-{purpose}-{language}-{scheme}")
                assert_accessible(driver)


def test_the_console_previews_an_edit(browser):
    sign_in(browser, "en", role="admin")
    app_id = json.loads(subprocess.run([BINARY, "apps", "show", CLIENT_ID, "--json", "--data-dir", DATA_DIR],
                                       capture_output=True, text=True, timeout=60, check=True).stdout)["id"]
    browser.get(f"{URL}/console/apps/{app_id}/email-templates/verify_email/en")
    frame = browser.find_element(By.ID, "email-preview")
    browser.switch_to.frame(frame)
    WebDriverWait(browser, 10).until(lambda driver: "Verify your email" in driver.find_element(By.TAG_NAME, "body").text)
    browser.switch_to.default_content()
    html = browser.find_element(By.ID, "template-html")
    html.clear()
    html.send_keys('<h1 id="edited">Hello {{appName}}</h1><p><a href="{{link}}">Verify</a></p>')
    browser.switch_to.frame(browser.find_element(By.ID, "email-preview"))
    WebDriverWait(browser, 10).until(lambda driver: driver.find_elements(By.ID, "edited"))
    assert browser.find_element(By.ID, "edited").text == "Hello interop"
    browser.switch_to.default_content()
    screenshot(browser, "console-email-template")
    assert_accessible(browser)
