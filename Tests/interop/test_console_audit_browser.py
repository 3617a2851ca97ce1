"""The console's audit log and operator pages in a real browser, in English and Japanese, on a
desktop (1280 px) and a phone's width (390 px): an app setting changed through the `latchkey`
command shows in the log as before → after, the log filtered by action through its form, its
CSV downloaded and read back, the authenticator's QR code at a first sign-in, and the operators
and sessions pages; every page checked with axe-core and screenshotted."""

import csv
import json
import secrets
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from browsers import wait_until_replaced
from latchkey_server import BINARY, DATA_DIR, URL
from test_console_browser import check, create_operator, submit, totp, wait_for

PHONE_WIDTH, PHONE_HEIGHT = 390, 844


def narrow(driver, width: int, height: int):
    """Lays the page out as a phone of `width` CSS pixels would (Chrome's device emulation)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def sign_in_seeing_the_qr_code(driver, language: str, shot: str) -> str:
    """Signs a new owner in; at the enrolment the QR code is drawn, named, and on screen."""
    username, password = create_operator("owner")
    driver.get(f"{URL}/console")
    wait_for(driver, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    submit(driver, "submit")
    code = wait_for(driver, "qr-code").find_element(By.TAG_NAME, "svg")
    assert code.get_attribute("role") == "img"
    assert code.get_attribute("aria-label") == {"en": "QR code of the key, for your authenticator app to scan",
                                                "ja": "認証アプリで読み取るキーのQRコード"}[language]
    assert code.is_displayed() and code.size["width"] >= 150
    assert code.size["width"] <= driver.execute_script("return document.documentElement.clientWidth")
    secret = driver.find_element(By.ID, "totp-secret").text
    check(driver, f"totp-qr-{shot}", language)
    driver.find_element(By.ID, "code").send_keys(totp(secret))
    submit(driver, "submit")
    wait_for(driver, "chart")
    return username


def downloaded(folder, name: str):
    """The file the browser saved as `name` in `folder`, once complete."""
    deadline = time.time() + 20
    path = folder / name
    while time.time() < deadline:
        if path.exists() and not list(folder.glob("*.crdownload")):
            return path
        time.sleep(0.2)
    raise AssertionError(f"no {name} downloaded; found {list(folder.iterdir())}")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("shot", ["desktop", "390"])
def test_audit_log_diff_filter_and_export(browser_in, language, shot, tmp_path):
    driver = browser_in(language)
    if shot == "390":
        narrow(driver, PHONE_WIDTH, PHONE_HEIGHT)
    created = subprocess.run(
        [BINARY, "apps", "create", "--name", f"Audited {secrets.token_hex(3)}", "--json", "--data-dir", DATA_DIR],
        capture_output=True, text=True, timeout=60, check=True)
    app = json.loads(created.stdout)["app"]
    subprocess.run(
        [BINARY, "apps", "update", app["clientId"], "--session-ttl", "7200", "--data-dir", DATA_DIR],
        capture_output=True, timeout=60, check=True)
    sign_in_seeing_the_qr_code(driver, language, shot)

    # Filter by action and app through the form: the one change, before → after, by the command line.
    driver.get(f"{URL}/console/audit")
    wait_for(driver, "filter-action").send_keys("app.update")
    Select(driver.find_element(By.ID, "filter-app")).select_by_value(app["id"])
    check(driver, f"audit-{shot}", language)
    submit(driver, "apply-filter")
    log = wait_for(driver, "audit-log")
    assert "action=app.update" in driver.current_url
    rows = log.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 1, [row.text for row in rows]
    change = rows[0].find_element(By.CSS_SELECTOR, ".changes li")
    assert change.find_element(By.TAG_NAME, "code").text == "session-ttl"
    assert change.find_element(By.TAG_NAME, "del").text == "86400"
    assert change.find_element(By.TAG_NAME, "ins").text == "7200"
    assert "cli:" in rows[0].text and app["name"] in rows[0].text
    check(driver, f"audit-filtered-{shot}", language)

    # Download what the filter shows as CSV, and read it back.
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    driver.find_element(By.ID, "export-csv").click()
    with open(downloaded(tmp_path, "latchkey-audit.csv"), newline="", encoding="utf-8") as file:
        table = list(csv.reader(file))
    assert table[0] == ["id", "at", "actor", "operator_id", "action", "app_id", "app", "target", "target_name", "source", "changes"]
    assert len(table) == 2
    assert table[1][4] == "app.update" and table[1][5] == app["id"] and table[1][6] == app["name"]
    assert table[1][2].startswith("cli:") and table[1][10] == "session-ttl: 86400 → 7200"

    # An action with no entries says so.
    driver.get(f"{URL}/console/audit?action=nothing.here")
    assert wait_for(driver, "no-entries").is_displayed()

    driver.get(f"{URL}/console/operators")
    roles = wait_for(driver, "roles")
    assert len(roles.find_elements(By.TAG_NAME, "dd")) == 3
    check(driver, f"operators-{shot}", language)
    driver.get(f"{URL}/console/sessions")
    sessions = wait_for(driver, "operator-sessions")
    assert len(sessions.find_elements(By.CSS_SELECTOR, "tbody tr")) == 1
    check(driver, f"sessions-{shot}", language)


def test_an_operator_ends_another_of_their_sessions(browser_in):
    """Two browsers of one operator: the first ends the second's session from its sessions page,
    and the second is sent to sign in."""
    first, second = browser_in("en"), browser_in("en")
    username, password = create_operator("admin")
    secret = None
    for driver in (first, second):
        driver.get(f"{URL}/console")
        wait_for(driver, "username").send_keys(username)
        driver.find_element(By.ID, "password").send_keys(password)
        submit(driver, "submit")
        if secret is None:
            secret = wait_for(driver, "totp-secret").text
        else:
            # Each code is taken once: the second browser waits for the next.
            time.sleep(30 - time.time() % 30 + 1)
        wait_for(driver, "code").send_keys(totp(secret))
        submit(driver, "submit")
        wait_for(driver, "chart")
    first.get(f"{URL}/console/sessions")
    rows = wait_for(first, "operator-sessions").find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 2
    other = next(row for row in rows if not row.find_elements(By.TAG_NAME, "strong"))
    body = first.find_element(By.TAG_NAME, "body")
    other.find_element(By.TAG_NAME, "button").click()
    wait_until_replaced(first, body)
    assert len(wait_for(first, "operator-sessions").find_elements(By.CSS_SELECTOR, "tbody tr")) == 1
    second.get(f"{URL}/console")
    assert wait_for(second, "username") and second.current_url.endswith("/console/sign-in")
