"""A real browser for the page tests: Debian's chromium, headless, driven by Selenium through
Debian's chromedriver; screenshots, and axe-core's accessibility rules run in the page.

The tests get browsers through conftest.py's fixtures (`browser`, `browser_in`) and call
`screenshot` and `assert_accessible` (from here or conftest.py); `wait` bounds every wait for a
page to change.
"""

import os
from pathlib import Path

from selenium_axe_python import Axe
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 1280, 900
# How long a page may take to load, a script to run, or a wait to be met.
TIMEOUT = 20
SCREENSHOTS = Path(os.environ.get("LATCHKEY_SCREENSHOTS", Path(__file__).parent / "screenshots"))
# axe-core's impacts that fail a page: minor and moderate ones are reported by axe, not failed here.
FAILING_IMPACTS = {"serious", "critical"}


def start_browser(language: str) -> webdriver.Chrome:
    """A fresh headless chromium with a profile of its own (chromedriver's temporary one, removed
    when the driver quits), its page 1280×900, asking for pages in `language` (its
    `Accept-Language` and `navigator.language`). The caller quits it."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in [
        "--headless=new",
        # CI runs as root, where chromium's sandbox cannot start; the pages tested are our own.
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={WIDTH},{HEIGHT}",
        f"--lang={language}",
        "--no-first-run",
        "--disable-extensions",
    ]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(TIMEOUT)
    driver.set_script_timeout(TIMEOUT)
    # The window holds more than the page: grow it so the page itself (and every screenshot) is 1280×900.
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * WIDTH - width, 2 * HEIGHT - height)
    return driver


def wait(driver) -> WebDriverWait:
    """A wait on `driver` bounded by TIMEOUT seconds: `wait(driver).until(condition)`."""
    return WebDriverWait(driver, TIMEOUT)


def wait_until_replaced(driver, element) -> None:
    """Waits until the page that held `element` is replaced (after a click that navigates).

    Asked about an element of a page being replaced, chromedriver answers with a stale element
    reference or, in the middle of the navigation, with the inspector's "Node with given id does
    not belong to the document" (a plain WebDriverException that Selenium's `staleness_of` lets
    through): both mean the element is gone."""

    def gone(_) -> bool:
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    wait(driver).until(gone)


def screenshot(driver, name: str) -> Path:
    """Saves what `driver` shows as `<name>.png` under $LATCHKEY_SCREENSHOTS (default
    Tests/interop/screenshots) and returns its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    return path


def assert_accessible(driver) -> None:
    """Runs axe-core's rules on the page `driver` shows and fails, listing each rule and the
    elements it found, when any violation is serious or critical."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    failing = [violation for violation in results["violations"] if violation.get("impact") in FAILING_IMPACTS]
    assert not failing, f"{driver.current_url}:\n" + "\n".join(describe(violation) for violation in failing)


def describe(violation: dict) -> str:
    """One axe-core violation in a few readable lines: the rule, its impact, each element."""
    lines = [f"- {violation['id']} ({violation['impact']}): {violation['help']} — {violation['helpUrl']}"]
    for node in violation["nodes"]:
        lines.append(f"    {' '.join(node['target'])}: {node.get('failureSummary', '').replace(chr(10), ' ')}")
    return "\n".join(lines)
