"""The console's data-tree page in a real browser, in English and Japanese, on a desktop and a
phone's width (390 px): from the app's page to its tree, down to a value, the value edited and
saved (and read back through the protocol), then the rules simulator asked whether a user may
read their own node and whether a caller without a credential may, showing the rule that
decided. Every page checked with axe-core and screenshotted. The shared app keeps its default
rules (`/users/$uid` for its user), which other tests rely on."""

import json
import secrets
import subprocess

import pytest
import requests
from selenium.webdriver.common.by import By

from latchkey_server import BINARY, CLIENT_ID, CLIENT_SECRET, DATA_DIR, TOKEN_ENDPOINT, URL, sign_up
from test_console_audit_browser import PHONE_HEIGHT, PHONE_WIDTH, narrow
from test_console_boards_browser import fits_the_width
from test_console_browser import check, sign_in, submit, wait_for


def admin_headers() -> dict:
    token = requests.post(TOKEN_ENDPOINT, data={"grant_type": "client_credentials", "scope": "database:admin"},
                          auth=(CLIENT_ID, CLIENT_SECRET), timeout=10).json()["access_token"]
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def app_id() -> str:
    return json.loads(subprocess.run([BINARY, "apps", "show", CLIENT_ID, "--json", "--data-dir", DATA_DIR],
                                     capture_output=True, text=True, timeout=60, check=True).stdout)["id"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("shot", ["desktop", "390"])
def test_browse_edit_a_value_and_simulate_a_rule(browser_in, app_id, language, shot):
    node = f"console-{secrets.token_hex(4)}"
    written = requests.put(f"{URL}/{node}.json", json={"greeting": "hello", "count": 3}, headers=admin_headers(), timeout=10)
    assert written.status_code == 200, written.text
    user = sign_up()
    user_id = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {user['accessToken']}"}, timeout=10).json()["id"]

    driver = browser_in(language)
    if shot == "390":
        narrow(driver, PHONE_WIDTH, PHONE_HEIGHT)
    sign_in(driver, language, role="admin")

    # From the app's page to the tree, then to the node by its path.
    driver.get(f"{URL}/console/apps/{app_id}")
    submit(driver, "data-link")
    path = wait_for(driver, "path")
    path.clear()
    path.send_keys(f"/{node}")
    submit(driver, "go")
    children = wait_for(driver, "children")
    keys = [cell.text for cell in children.find_elements(By.CSS_SELECTOR, "tbody th")]
    assert keys == ["count", "greeting"]
    fits_the_width(driver)
    check(driver, f"data-{shot}", language)

    # Down to the value, edited in place and saved.
    children.find_element(By.LINK_TEXT, "greeting").click()
    assert wait_for(driver, "scalar").text == '"hello"'
    editor = driver.find_element(By.ID, "value")
    editor.clear()
    editor.send_keys('"bonjour"')
    submit(driver, "save-value")
    wait_for(driver, "data-saved")
    assert driver.find_element(By.ID, "scalar").text == '"bonjour"'
    assert requests.get(f"{URL}/{node}/greeting.json", headers=admin_headers(), timeout=10).json() == "bonjour"
    current = driver.find_element(By.CSS_SELECTOR, "#crumbs [aria-current='location']")
    assert current.text == "greeting"
    check(driver, f"data-saved-{shot}", language)

    # The simulator: the user may read their own node, by the default rules' `.read` at /users/$uid.
    simulated_path = driver.find_element(By.ID, "sim-path")
    simulated_path.clear()
    simulated_path.send_keys(f"/users/{user_id}")
    driver.find_element(By.ID, "sim-user").send_keys(user_id)
    submit(driver, "simulate")
    result = wait_for(driver, "simulation")
    assert "allowed" in result.get_attribute("class").split()
    # The answer opens at the result, which is below the fold on a phone.
    assert driver.current_url.endswith("/simulate#simulation")
    assert driver.execute_script("return arguments[0].getBoundingClientRect().top", result) < driver.execute_script("return innerHeight")
    deciding = driver.find_element(By.ID, "deciding-step").find_elements(By.TAG_NAME, "td")
    assert [cell.text for cell in deciding[:2]] == [".read", "/users/$uid"]
    fits_the_width(driver)
    check(driver, f"data-simulated-{shot}", language)

    # Without a credential, the same read is refused: the one rule evaluated did not hold.
    driver.find_element(By.ID, "sim-user").clear()
    submit(driver, "simulate")
    result = wait_for(driver, "simulation")
    assert "denied" in result.get_attribute("class").split()
    assert not driver.find_elements(By.ID, "deciding-step")
    assert [cell.text for cell in result.find_elements(By.CSS_SELECTOR, "#steps tbody td")][3] == "false"
