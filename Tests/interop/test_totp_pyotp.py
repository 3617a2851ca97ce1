"""pyotp, the authenticator most Python services and test suites use, against Latchkey's second
factor: it reads the `otpauth://` URI enrollment answers, its codes confirm the enrollment and
complete sign-ins, and a code that signed in once is refused the second time."""

import secrets
import time

import pyotp
import requests

from latchkey_server import CLIENT_ID, URL

HEADERS = {"Latchkey-Client-Id": CLIENT_ID}


def sign_in(username: str, password: str) -> requests.Response:
    return requests.post(f"{URL}/v1/auth/signin", headers=HEADERS, json={"username": username, "password": password}, timeout=10)


def complete(challenge: str, code: str) -> requests.Response:
    return requests.post(f"{URL}/v1/auth/mfa", headers=HEADERS, json={"challenge": challenge, "code": code}, timeout=10)


def test_pyotp_enrolls_and_signs_in():
    username, password = f"totp_{secrets.token_hex(6)}", secrets.token_urlsafe(16)
    signed_up = requests.post(f"{URL}/v1/auth/signup", headers=HEADERS, json={"username": username, "password": password}, timeout=10)
    assert signed_up.status_code == 201, signed_up.text
    bearer = {"Authorization": f"Bearer {signed_up.json()['session']['accessToken']}"}

    enrollment = requests.post(f"{URL}/v1/me/mfa/totp", headers=bearer, timeout=10)
    assert enrollment.status_code == 201, enrollment.text
    totp = pyotp.parse_uri(enrollment.json()["uri"])
    assert isinstance(totp, pyotp.TOTP)
    assert totp.secret == enrollment.json()["secret"]
    assert totp.name == username and totp.issuer
    assert totp.digits == 6 and totp.interval == 30

    confirmed = requests.post(f"{URL}/v1/me/mfa/totp/confirm", headers=bearer, json={"code": totp.now()}, timeout=10)
    assert confirmed.status_code == 200, confirmed.text
    assert len(confirmed.json()["codes"]) == 10

    answer = sign_in(username, password)
    assert answer.status_code == 401, answer.text
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert answer.json()["code"] == "mfa_required"
    assert "session" not in answer.json()
    challenge = answer.json()["challenge"]

    # The confirming code's step is used; the next step's code (within the server's ±1 step) signs in.
    code = totp.at(time.time() + 30)
    assert complete(challenge, "000000" if code != "000000" else "111111").json()["code"] == "invalid_code"
    done = complete(challenge, code)
    assert done.status_code == 200, done.text
    assert done.json()["user"]["username"] == username
    me = requests.get(f"{URL}/v1/me", headers={"Authorization": f"Bearer {done.json()['session']['accessToken']}"}, timeout=10)
    assert me.status_code == 200

    # Replay: the same code, on a new challenge, is refused.
    again = sign_in(username, password).json()["challenge"]
    replayed = complete(again, code)
    assert replayed.status_code == 401
    assert replayed.json()["code"] == "invalid_code"
