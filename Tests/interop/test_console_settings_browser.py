"""The console's app settings page in a real browser, in English and Japanese, at desktop width
and at a phone's 390 px: a token lifetime changed is shown before → after and saved only once
confirmed, then reported saved and shown after a reload; a switch turned off and on again saves
each time; a value out of range is refused beside its field, as typed. The settings page and the
confirmation page are screenshotted and checked with axe-core."""

import json
import secrets
import subprocess

import pytest
from selenium.webdriver.common.by import By

from latchkey_server import BINARY, DATA_DIR, URL
from test_console_browser import app_settings, check, sign_in, submit, wait_for

PHONE_WIDTH, PHONE_HEIGHT = 390, 844

LABELS = {
    "en": {"access-token-ttl": "Access token lifetime", "first-party": "First-party app"},
    "ja": {"access-token-ttl": "アクセストークンの有効期間", "first-party": "ファーストパーティのアプリ"},
}


def create_app() -> dict:
    created = subprocess.run(
        [BINARY, "apps", "create", "--name", f"Settings {secrets.token_hex(3)}", "--json", "--data-dir", DATA_DIR],
        capture_output=True, text=True, timeout=60, check=True)
    return json.loads(created.stdout)["app"]


def narrow(driver):
    """Makes the page itself 390 px wide, as a phone shows it."""
    width, height = driver.execute_script("return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]")
    driver.set_window_size(PHONE_WIDTH + width, PHONE_HEIGHT + height)
    assert driver.execute_script("return window.innerWidth") == PHONE_WIDTH


def click(driver, element_id: str):
    """Clicks an element once scrolled to the middle of the page, clear of the sticky save bar."""
    element = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def save(driver):
    """Saves the form without a risky change: the page comes back saying so."""
    submit(driver, "save-settings")
    return wait_for(driver, "settings-saved")


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_settings_page(browser_in, language, width):
    driver = browser_in(language)
    if width == "phone":
        narrow(driver)
    labels = LABELS[language]
    app = create_app()
    before = app_settings(app["clientId"])
    sign_in(driver, language)
    page = f"{URL}/console/apps/{app['id']}"
    driver.get(page)
    wait_for(driver, "settings-toc-title")
    assert driver.find_element(By.CSS_SELECTOR, ".settings-toc a[href='#section-sessions']").is_displayed()
    check(driver, f"settings-{width}", language)

    # A token lifetime: the change is shown before → after; nothing is saved until confirmed.
    field = wait_for(driver, "setting-access-token-ttl")
    assert field.get_attribute("type") == "number"
    field.clear()
    field.send_keys("1200")
    submit(driver, "save-settings")
    diff = wait_for(driver, "settings-diff")
    row = diff.find_element(By.XPATH, f".//tr[th[normalize-space()='{labels['access-token-ttl']}']]")
    assert str(before["accessTokenTTL"]) in row.find_element(By.CSS_SELECTOR, "td.before").text
    assert "1200" in row.find_element(By.CSS_SELECTOR, "td.after").text
    assert app_settings(app["clientId"]) == before
    check(driver, f"settings-diff-{width}", language)
    submit(driver, "confirm-settings")
    saved = wait_for(driver, "settings-saved")
    assert saved.get_attribute("role") == "status" and labels["access-token-ttl"] in saved.text
    assert app_settings(app["clientId"]) == {**before, "accessTokenTTL": 1200}
    driver.get(page)
    assert wait_for(driver, "setting-access-token-ttl").get_attribute("value") == "1200"
    assert not driver.find_elements(By.ID, "settings-saved")

    # A switch turned off saves false; turned on again, true. Neither asks for confirmation.
    switch = driver.find_element(By.ID, "setting-first-party")
    assert switch.get_attribute("role") == "switch" and switch.is_selected()
    click(driver, "setting-first-party")
    assert labels["first-party"] in save(driver).text
    assert app_settings(app["clientId"])["firstParty"] is False
    assert not driver.find_element(By.ID, "setting-first-party").is_selected()
    click(driver, "setting-first-party")
    save(driver)
    assert app_settings(app["clientId"])["firstParty"] is True
    assert driver.find_element(By.ID, "setting-first-party").is_selected()

    # A value out of range: refused beside its field, which keeps what was typed.
    field = driver.find_element(By.ID, "setting-password-min-length")
    field.clear()
    field.send_keys("3")
    submit(driver, "save-settings")
    error = wait_for(driver, "setting-password-min-length-error")
    field = driver.find_element(By.ID, "setting-password-min-length")
    assert error.is_displayed() and field.get_attribute("value") == "3" and field.get_attribute("aria-invalid") == "true"
    assert "setting-password-min-length-error" in field.get_attribute("aria-describedby").split()
    assert error.find_element(By.XPATH, "..") == field.find_element(By.XPATH, "../..")
    assert app_settings(app["clientId"])["passwordMinLength"] == before["passwordMinLength"]
    check(driver, f"settings-error-{width}", language)
