"""schemathesis fuzzes every operation of the served /openapi.json with valid and invalid data
(and undeclared methods, missing credentials) and checks that no answer is a server error and
that every answer matches the documented status codes, content types, headers and schemas."""

import requests
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from latchkey_server import CLIENT_ID, CLIENT_SECRET, METRICS_TOKEN, URL, sign_up

# Examples per operation (hypothesis's max_examples). With about 200 operations against the debug
# server, 100 examples took 14 minutes of a 2-core CI run; 50 halve that.
MAX_EXAMPLES = 50

# These operations end the session of the token they are called with. Each of their cases gets
# a token of its own, freshly signed up, so the shared token keeps working for the others.
ENDS_SESSION = {("POST", "/v1/auth/signout"), ("DELETE", "/v1/me")}

# The one check not run everywhere is positive_data_acceptance, which wants every schema-valid
# request accepted (or refused with 401/403/404/409/429), where these operations must say 400
# or 422 to some schema-valid requests:
REFUSES_VALID_DATA = {
    # Fields checked against rules JSON Schema cannot state: the password policy (per-app
    # minimum length, the common-password blocklist, no username inside) and real ISO 3166
    # country codes. Their documented answer to such data is 422.
    ("POST", "/v1/auth/signup"),
    ("PATCH", "/v1/me"),
    ("POST", "/v1/me/password"),
    # RFC 6749 §5.2 requires 400 for a well-formed request with a wrong refresh token or
    # credentials (invalid_grant) or a grant the client may not use (unauthorized_client).
    ("POST", "/oauth/token"),
    # Phone numbers must be E.164 with 8 to 15 digits (400 invalid_phone); a PIN, an email-link
    # token or a reset token is refused with 400 code_expired unless it is one the server sent
    # and it is still live — no schema can generate such a value.
    ("POST", "/v1/auth/phone/start"),
    ("POST", "/v1/auth/phone/verify"),
    ("POST", "/v1/auth/email/verify"),
    ("POST", "/v1/auth/password/reset/confirm"),
    ("POST", "/v1/auth/action"),
    # Email sign-in: the address by Latchkey's rules (422 invalid_email), and a code or link
    # token refused with 400 invalid_code or code_expired unless the server sent it and it is live.
    ("POST", "/v1/auth/email/otp"),
    ("POST", "/v1/auth/email/otp/verify"),
    ("POST", "/v1/auth/email/link"),
    # Emails are checked by Latchkey's address rules (422 invalid_email), not JSON Schema's.
    ("POST", "/v1/me/email"),
    ("POST", "/v1/auth/password/reset"),
    # The fuzzing user signed up with a username only: asking to verify an email it does not
    # have is a 400 invalid_request.
    ("POST", "/v1/me/email/verification"),
    # A provider is named by the app's settings, which JSON Schema cannot state: a name the app
    # has not configured is a 400 unknown_provider.
    ("POST", "/v1/auth/external"),
    ("POST", "/v1/me/identities"),
    # Exactly one proof (a password, a provider token, or a PIN's request id and PIN) is a rule
    # JSON Schema cannot state simply: other schema-valid bodies are a 400 invalid_request.
    ("POST", "/v1/me/reauthenticate"),
    # A guest's upgrade is checked like a sign-up (the password policy: 422), and the fuzzing
    # user is no guest (409 not_anonymous).
    ("POST", "/v1/me/upgrade"),
    # Adding a phone: the number must be E.164 (400 invalid_phone), and a PIN is refused with
    # 400 code_expired unless the server sent it to this user and it is live.
    ("POST", "/v1/me/phone"),
    ("POST", "/v1/me/phone/verify"),
    # A guest's refresh token is refused with 400 invalid_guest_token unless it is the live,
    # current token of a guest's session, which no schema can generate.
    ("POST", "/v1/me/merge"),
    # A parent's consent link (`lkc_…`) is refused with the 400 page unless it is one the server
    # sent and still live; a parent email is checked by Latchkey's address rules (422).
    ("GET", "/v1/consent"),
    ("POST", "/v1/consent"),
    ("POST", "/v1/consent/links"),
    # Profile names refuse control characters and dates of birth in the future (422), rules
    # JSON Schema cannot state.
    ("PUT", "/v1/me/profile"),
    ("PATCH", "/v1/me/profile"),
    # An invite code the fuzzer makes up names nobody (404) or, once one was redeemed, is a
    # second redemption (409); both are the documented answers to schema-valid codes.
    ("POST", "/v1/me/profile/invite"),
    # App-data writes are conditional on entity tags (412 when If-Match / If-None-Match do not
    # hold) and bounded by the user's running total (422 app_data_quota_exceeded), which depend
    # on what earlier cases stored.
    ("PUT", "/v1/me/appdata/{key}"),
    ("DELETE", "/v1/me/appdata/{key}"),
    # Reads take If-Match too: a tag that no longer holds is the documented 412 etag_mismatch.
    ("GET", "/v1/me/appdata/{key}"),
    # A ledger cursor is accepted only if the server gave it (422 invalid_field otherwise).
    ("GET", "/v1/me/wallet/ledger"),
    # A device token must have its provider's form — hex for APNs (the default on ios and
    # macos), FCM's alphabet otherwise — and APNs cannot serve android or web: rules across
    # members that JSON Schema cannot state simply (422 invalid_field).
    ("POST", "/v1/me/devices"),
    # The hosted login's pages refuse a request naming no app or an unregistered redirect URI
    # with the 400 error page, and its forms without the page's CSRF token with the 403 page;
    # the fuzzer can make neither a registered redirect URI nor a token. The Session API is
    # not one of them: it answers any app.
    ("GET", "/oauth/authorize"),
    ("POST", "/oauth/authorize/sign-in"),
    ("GET", "/oauth/authorize/sign-up"),
    ("POST", "/oauth/authorize/sign-up"),
    ("GET", "/oauth/authorize/reset"),
    ("POST", "/oauth/authorize/reset"),
    ("GET", "/oauth/authorize/phone"),
    ("POST", "/oauth/authorize/phone"),
    ("POST", "/oauth/authorize/phone/verify"),
    ("GET", "/oauth/authorize/email"),
    ("POST", "/oauth/authorize/email"),
    ("POST", "/oauth/authorize/email/verify"),
    ("POST", "/oauth/authorize/continue"),
    ("POST", "/oauth/authorize/consent"),
    # A provider button's flow needs the app's provider and, at the callback (a redirect's GET
    # or a form_post's POST), the state the browser's own `lk_provider` cookie names: a fuzzed
    # one is the 400 error page.
    ("GET", "/oauth/authorize/provider"),
    ("GET", "/oauth/authorize/provider/callback"),
    ("POST", "/oauth/authorize/provider/callback"),
    ("GET", "/oauth/logout"),
    ("POST", "/oauth/logout"),
    # The data tree speaks the Realtime Database protocol: a path key holding `. $ # [ ]`, a
    # body whose keys do, a malformed query or server value, or a query the rules do not index
    # is its 400 (`{"error": …}`), and an if-match tag that no longer holds a 412.
    ("GET", "/{path}.json"),
    ("PUT", "/{path}.json"),
    ("PATCH", "/{path}.json"),
    ("POST", "/{path}.json"),
    ("DELETE", "/{path}.json"),
}

shared_session = sign_up()
config = SchemathesisConfig.from_dict(
    {
        "base-url": URL,
        "generation": {"mode": "all", "max-examples": MAX_EXAMPLES},
        "auth": {
            "openapi": {
                "bearerAuth": {"bearer": shared_session["accessToken"]},
                "clientId": {"api_key": CLIENT_ID},
                "clientBasic": {"username": CLIENT_ID, "password": CLIENT_SECRET},
                "metricsToken": {"bearer": METRICS_TOKEN},
            }
        },
    }
)
# The served document, loaded as a dict: schemathesis leaves out the operation a schema was
# loaded from by URL, and GET /openapi.json is to be fuzzed like the others.
document = requests.get(f"{URL}/openapi.json", timeout=10)
document.raise_for_status()
schema = schemathesis.openapi.from_dict(document.json(), config=config)


@schema.parametrize()
def test_api(case):
    operation = (case.method, case.path)
    headers = None
    # Cases that leave the credentials out on purpose keep them out.
    if operation in ENDS_SESSION and not schema.is_security_param_negated(case):
        headers = {"Authorization": f"Bearer {sign_up()['accessToken']}"}
    excluded = [positive_data_acceptance] if operation in REFUSES_VALID_DATA else []
    response = case.call(headers=headers)
    # A console page sends a visitor without a console session (the fuzzer has none) to the
    # sign-in page before it reads its query: a malformed `page` there is no data accepted.
    if response.status_code == 303 and response.headers.get("location") == ["/console/sign-in"]:
        excluded.append(negative_data_rejection)
    # Every other built-in check runs, among them not_a_server_error, status_code_conformance,
    # content_type_conformance, response_headers_conformance, response_schema_conformance,
    # negative_data_rejection, ignored_auth and unsupported_method.
    case.validate_response(response, excluded_checks=excluded)
