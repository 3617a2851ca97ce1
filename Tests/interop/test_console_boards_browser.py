"""The console's leaderboard pages and a user's wallet in a real browser, in English and
Japanese, on a desktop and a phone's width (390 px): the app's boards listed from its page, a
weekly board's ranked entries with its period chooser, and a player's page with their balance,
ledger and board entries; every page checked with axe-core and screenshotted. The app's server
defines the board, submits the scores and awards the kredits through the public API."""

import json
import secrets
import subprocess

import pytest
import requests
from selenium.webdriver.common.by import By

from latchkey_server import BINARY, CLIENT_ID, CLIENT_SECRET, DATA_DIR, TOKEN_ENDPOINT, URL, sign_up
from test_console_audit_browser import PHONE_HEIGHT, PHONE_WIDTH, narrow
from test_console_browser import check, sign_in, submit, wait_for


@pytest.fixture(scope="module")
def board():
    """A weekly board of the shared app with three players' scores, the first of whom holds
    three ledger entries; returns the app id, the board id and the players' ids, best first."""
    token = requests.post(
        TOKEN_ENDPOINT, data={"grant_type": "client_credentials", "scope": "leaderboards:admin leaderboards:write wallet:write"},
        auth=(CLIENT_ID, CLIENT_SECRET), timeout=10).json()["access_token"]
    server = {"Authorization": f"Bearer {token}"}
    board_id = f"weekly-{secrets.token_hex(3)}"
    defined = requests.put(f"{URL}/v1/leaderboards/{board_id}", json={"resetSchedule": "weekly"}, headers=server, timeout=10)
    assert defined.status_code == 201, defined.text
    players = []
    for score in (300, 200, 100):
        session = sign_up()
        me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {session['accessToken']}"}, timeout=10).json()
        submitted = requests.put(f"{URL}/v1/leaderboards/{board_id}/scores/{me['id']}", json={"score": score}, headers=server, timeout=10)
        assert submitted.status_code == 200, submitted.text
        players.append(me["id"])
    for amount, reason in ((50, "daily bonus"), (-20, "hat"), (5, "quest")):
        body = {"currency": "kredits", "amount": amount, "reason": reason, "idempotencyKey": secrets.token_hex(8)}
        posted = requests.post(f"{URL}/v1/wallet/users/{players[0]}/transactions", json=body, headers=server, timeout=10)
        assert posted.status_code < 300, posted.text
    app_id = json.loads(subprocess.run([BINARY, "apps", "show", CLIENT_ID, "--json", "--data-dir", DATA_DIR],
                                       capture_output=True, text=True, timeout=60, check=True).stdout)["id"]
    return app_id, board_id, players


def fits_the_width(driver):
    """The page does not scroll sideways (wide tables scroll inside their own region)."""
    width, scrolled = driver.execute_script("return [document.documentElement.clientWidth, document.documentElement.scrollWidth]")
    # The outermost elements past the right edge, to name in the failure.
    wide = driver.execute_script(
        "const w = document.documentElement.clientWidth + 1;"
        "const past = e => e && e.getBoundingClientRect().right > w;"
        "return [...document.querySelectorAll('body *')].filter(e => past(e) && !past(e.parentElement))"
        ".map(e => `${e.tagName}#${e.id}: ${(e.textContent || '').trim().slice(0, 60)}`)")
    assert scrolled <= width, f"{scrolled} px wide in {width}: {wide}"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("shot", ["desktop", "390"])
def test_boards_a_board_and_a_users_ledger(browser_in, board, language, shot):
    app_id, board_id, players = board
    driver = browser_in(language)
    if shot == "390":
        narrow(driver, PHONE_WIDTH, PHONE_HEIGHT)
    sign_in(driver, language, role="viewer")

    # From the app's page to its boards: the weekly board with its three entries.
    driver.get(f"{URL}/console/apps/{app_id}")
    submit(driver, "leaderboards-link")
    boards = wait_for(driver, "boards")
    row = boards.find_element(By.LINK_TEXT, board_id).find_element(By.XPATH, "./ancestor::tr")
    assert "weekly" in row.text and row.find_elements(By.TAG_NAME, "td")[-1].text == "3"
    fits_the_width(driver)
    check(driver, f"leaderboards-{shot}", language)

    # The board: its settings, the current period chosen, the entries best first.
    boards.find_element(By.LINK_TEXT, board_id).click()
    entries = wait_for(driver, "entries")
    ranks = [cells.find_elements(By.TAG_NAME, "td")[0].text for cells in entries.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert ranks == ["1", "2", "3"]
    links = [link.get_attribute("href") for link in entries.find_elements(By.CSS_SELECTOR, "tbody th a")]
    assert links == [f"{URL}/console/apps/{app_id}/users/{player}" for player in players]
    assert driver.find_element(By.CSS_SELECTOR, "#period option[selected]").get_attribute("value").endswith("T00:00:00Z")
    assert not driver.find_elements(By.CSS_SELECTOR, "form[action$='/remove']"), "a viewer has no remove button"
    fits_the_width(driver)
    check(driver, f"leaderboard-{shot}", language)

    # The best player's page: the balance, the ledger newest first, the board entry.
    entries.find_element(By.CSS_SELECTOR, "tbody th a").click()
    ledger = wait_for(driver, "ledger")
    assert driver.find_element(By.CSS_SELECTOR, "#balances tbody td").text == "35"
    amounts = [row.find_elements(By.TAG_NAME, "td")[2].text for row in ledger.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert amounts == ["+5", "-20", "+50"]
    assert board_id in driver.find_element(By.ID, "board-entries").text
    fits_the_width(driver)
    check(driver, f"user-wallet-{shot}", language)
