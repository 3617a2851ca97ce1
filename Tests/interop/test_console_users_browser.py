"""The console's user list and user page in a real browser, in English and Japanese, on a
desktop and at a phone's width (390 px): a user found through the filters (text, status,
sign-in method, sort) and disabled from their page, a filter value that does not parse shown
beside its field, and every page checked with axe-core and screenshotted."""

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from latchkey_server import URL, sign_up
from test_console_audit_browser import PHONE_HEIGHT, PHONE_WIDTH, narrow
from test_console_browser import check, sign_in, submit, wait_for


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("shot", ["desktop", "390"])
def test_find_a_user_with_filters_and_disable_them(browser_in, language, shot):
    driver = browser_in(language)
    if shot == "390":
        narrow(driver, PHONE_WIDTH, PHONE_HEIGHT)
    session = sign_up()
    bearer = {"Authorization": f"Bearer {session['accessToken']}"}
    me = requests.get(f"{URL}/v1/me", headers=bearer, timeout=10).json()
    sign_in(driver, language, role="admin")

    driver.get(f"{URL}/console/users")
    apps = {option.text: option.get_attribute("value") for option in Select(wait_for(driver, "app")).options}
    Select(driver.find_element(By.ID, "app")).select_by_value(apps["interop"])
    driver.find_element(By.ID, "q").send_keys(me["username"][:12])
    Select(driver.find_element(By.ID, "status")).select_by_value("active")
    Select(driver.find_element(By.ID, "method")).select_by_value("password")
    Select(driver.find_element(By.ID, "sort")).select_by_value("name")
    Select(driver.find_element(By.ID, "order")).select_by_value("asc")
    submit(driver, "search")
    table = wait_for(driver, "users")
    for kept in ("status=active", "method=password", "sort=name", "order=asc"):
        assert kept in driver.current_url
    assert Select(driver.find_element(By.ID, "method")).first_selected_option.get_attribute("value") == "password"
    names = [link.text for link in table.find_elements(By.CSS_SELECTOR, "tbody a")]
    assert me["username"] in names
    check(driver, f"users-filtered-{shot}", language)

    table.find_element(By.LINK_TEXT, me["username"]).click()
    wait_for(driver, "disable-user")
    for section in ("second-factor", "consent", "devices", "app-data", "trail"):
        assert driver.find_element(By.ID, section).is_displayed()
    check(driver, f"user-page-{shot}", language)
    submit(driver, "disable-user")
    assert wait_for(driver, "enable-user").is_displayed()
    assert requests.get(f"{URL}/v1/me", headers=bearer, timeout=10).status_code == 401

    # Now among the disabled users, and not among the active ones.
    driver.get(f"{URL}/console/users?app={apps['interop']}&q={me['username']}&status=disabled")
    assert [link.text for link in wait_for(driver, "users").find_elements(By.CSS_SELECTOR, "tbody a")] == [me["username"]]
    driver.get(f"{URL}/console/users?app={apps['interop']}&q={me['username']}&status=active")
    assert wait_for(driver, "no-users").is_displayed()

    # A date that does not parse: the form again, the error linked to its field.
    driver.get(f"{URL}/console/users?app={apps['interop']}&created_from=2027-13-45")
    summary = wait_for(driver, "error-summary")
    assert summary.find_element(By.CSS_SELECTOR, 'a[href="#created_from"]')
    assert driver.find_element(By.ID, "created_from").get_dom_attribute("value") == "2027-13-45"
    check(driver, f"users-error-{shot}", language)
