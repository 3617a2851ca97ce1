"""Fixtures of the browser tests (browsers.py):

- `browser`: a fresh headless chromium (1280×900) asking for English pages;
- `browser_in`: a factory, `browser_in("ja")`, for another language (`en`, `ja`, `zh-Hans`).

Every browser a test starts is quit when the test ends. With them go two functions, imported
from here or from browsers.py: `screenshot(driver, name)` saves `<name>.png` under
$LATCHKEY_SCREENSHOTS, and `assert_accessible(driver)` fails on serious or critical axe-core
violations.
"""

import pytest

import browsers
from browsers import assert_accessible, screenshot  # noqa: F401 (the tests import them from here)


@pytest.fixture
def browser_in():
    started = []

    def start(language: str):
        driver = browsers.start_browser(language)
        started.append(driver)
        return driver

    yield start
    for driver in started:
        driver.quit()


@pytest.fixture
def browser(browser_in):
    return browser_in("en")
