extension HostedLoginFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "login",
              "description": "The hosted login: the authorization endpoint and its pages, RP-initiated logout and the browser session."
            }
          ],
          "paths": {
            "/oauth/authorize": {
              "get": {
                "operationId": "authorize",
                "tags": [
                  "login"
                ],
                "summary": "OAuth 2.0 authorization endpoint (hosted login)",
                "description": "RFC 6749 §4.1 authorization-code flow with PKCE S256 only (RFC 7636) and RFC 8252's native-app rules. With a live browser session (`lk_session`) of the app and no `prompt=login` (and a sign-in within `max_age`), answers `303` to the redirect URI with a single-use code valid 60 s; otherwise the sign-in page. A third-party app (`firstParty: false`) first gets the consent screen, once per user and scope. Until the client and redirect URI are known good, problems are an error page and never a redirect; after, they go to the redirect URI as `error`, `error_description`, `state` and `iss`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "response_type",
                    "in": "query",
                    "required": true,
                    "description": "Always `code`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "code"
                      ]
                    }
                  },
                  {
                    "name": "client_id",
                    "in": "query",
                    "required": true,
                    "description": "The app's client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "redirect_uri",
                    "in": "query",
                    "required": true,
                    "description": "One of the app's `redirectURIs` exactly; a loopback IP literal (`http://127.0.0.1`, `http://[::1]`) with any port (RFC 8252 §7.3).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "code_challenge",
                    "in": "query",
                    "required": true,
                    "description": "BASE64URL(SHA256(code_verifier)), 43 characters (RFC 7636).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "code_challenge_method",
                    "in": "query",
                    "required": true,
                    "description": "Only `S256`; `plain` is refused.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "S256"
                      ]
                    }
                  },
                  {
                    "name": "scope",
                    "in": "query",
                    "required": false,
                    "description": "Space-separated: `openid` (an ID token), `profile`, `public`, `email`; `openid` when absent.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "state",
                    "in": "query",
                    "required": false,
                    "description": "Returned unchanged with the code or the error.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "nonce",
                    "in": "query",
                    "required": false,
                    "description": "Put in the ID token.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "prompt",
                    "in": "query",
                    "required": false,
                    "description": "`login`: sign in again even with a browser session; `none`: no page, `login_required` or `consent_required` when one would be needed.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "login",
                        "none"
                      ]
                    }
                  },
                  {
                    "name": "max_age",
                    "in": "query",
                    "required": false,
                    "description": "Seconds since the last sign-in beyond which the user signs in again.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "login_hint",
                    "in": "query",
                    "required": false,
                    "description": "Prefills the username or email.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ui_locales",
                    "in": "query",
                    "required": false,
                    "description": "Preferred languages of the pages (`en`, `ja`, `zh-Hans`), before `Accept-Language`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "response_mode",
                    "in": "query",
                    "required": false,
                    "description": "Only `query`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "query"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error), when the browser is signed in already.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI: an error page, never a redirect.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/sign-in": {
              "post": {
                "operationId": "loginSignIn",
                "tags": [
                  "login"
                ],
                "summary": "Sign in on the hosted login page",
                "description": "The account service's sign-in (its throttling: unknown users and wrong passwords answer alike). Success starts the browser session of the app (a new `lk_session` cookie: random, stored hashed, HttpOnly, SameSite=Lax, Secure over https) and continues the flow.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "identifier",
                          "password"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "identifier": {
                            "type": "string",
                            "description": "A username, or an email (contains `@`).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "password": {
                            "type": "string",
                            "description": "The password.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary), or the second-factor code page for a user with one.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/passkey": {
              "post": {
                "operationId": "loginPasskey",
                "tags": [
                  "login"
                ],
                "summary": "Sign in with a passkey on the hosted login page",
                "description": "The passkey's answer to the request options the sign-in page carries (the page's script posts it, as `PublicKeyCredential.toJSON()` gives it), verified as `POST /v1/auth/passkey` verifies it. Success starts the browser session of the app (a new `lk_session` cookie) and continues the flow.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "credential"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "credential": {
                            "type": "string",
                            "description": "The passkey's assertion as JSON (`AuthenticationResponseJSON`).",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary), or the second-factor code page after a passkey without user verification for a user with one.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The credential is not an assertion's JSON (the page again, with the error), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The passkey's answer does not verify: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), passkeys are off for the app, or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/sign-up": {
              "get": {
                "operationId": "loginSignUpPage",
                "tags": [
                  "login"
                ],
                "summary": "The hosted sign-up page",
                "description": "The sign-up form of the authorization request in the query.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "request",
                    "in": "query",
                    "required": false,
                    "description": "The authorization request's query string, as on `/oauth/authorize`.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error), when the browser is signed in already.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI: an error page, never a redirect.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "loginSignUp",
                "tags": [
                  "login"
                ],
                "summary": "Sign up on the hosted login page",
                "description": "The JSON sign-up's validation, password policy and limits; errors beside their fields and in the error summary. An email sign-up of an app that hides taken emails answers a page asking to confirm the address first.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "password"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "username": {
                            "type": "string",
                            "description": "A username.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "email": {
                            "type": "string",
                            "description": "An email.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "password": {
                            "type": "string",
                            "description": "The password.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary). With the app's `totpRequired`: the second-factor page, with the new authenticator's QR code, link and key, for the new account.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/reset": {
              "get": {
                "operationId": "loginResetPage",
                "tags": [
                  "login"
                ],
                "summary": "The hosted password-reset page",
                "description": "Asks for the account's email.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error), when the browser is signed in already.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI: an error page, never a redirect.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "loginReset",
                "tags": [
                  "login"
                ],
                "summary": "Request a password-reset link",
                "description": "Sends the email-link reset (`/v1/auth/password/reset`'s); the same page whether or not an account uses the address.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "email"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "email": {
                            "type": "string",
                            "description": "The account's email.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/phone": {
              "get": {
                "operationId": "loginPhonePage",
                "tags": [
                  "login"
                ],
                "summary": "The hosted phone sign-in page",
                "description": "Asks for a phone number.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error), when the browser is signed in already.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI: an error page, never a redirect.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "loginPhoneStart",
                "tags": [
                  "login"
                ],
                "summary": "Send a sign-in PIN by SMS",
                "description": "The phone service's start, with its limits; answers the PIN page.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "phone"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "phone": {
                            "type": "string",
                            "description": "The phone number in E.164 (or with its country code).",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/phone/verify": {
              "post": {
                "operationId": "loginPhoneVerify",
                "tags": [
                  "login"
                ],
                "summary": "Sign in with the PIN",
                "description": "The phone service's verify (creates the account on first use); success continues the flow as a sign-in.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "phone",
                          "request_id",
                          "pin"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "phone": {
                            "type": "string",
                            "description": "The number the PIN went to.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request_id": {
                            "type": "string",
                            "description": "The PIN request.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "pin": {
                            "type": "string",
                            "description": "The PIN.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary), or the second-factor code page for a user with one.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/email": {
              "get": {
                "operationId": "loginEmailCodePage",
                "tags": [
                  "login"
                ],
                "summary": "The hosted \"email me a code\" page",
                "description": "Asks for the email address to send a sign-in code to (where the app's `signInMethods` has `emailCode`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error), when the browser is signed in already.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI: an error page, never a redirect.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "loginEmailCodeStart",
                "tags": [
                  "login"
                ],
                "summary": "Email a sign-in code",
                "description": "Sends a code as `POST /v1/auth/email/otp` does (the same answer for every address, its throttles, the account made at the first sign-in); answers the page asking for the code.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "email"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "email": {
                            "type": "string",
                            "description": "The email address.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/email/verify": {
              "post": {
                "operationId": "loginEmailCodeVerify",
                "tags": [
                  "login"
                ],
                "summary": "Sign in with the emailed code",
                "description": "Verifies the code as `POST /v1/auth/email/otp/verify` does (makes the account on first use); success continues the flow as a sign-in, or shows the second-factor code page for a user with one.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "email",
                          "code"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "email": {
                            "type": "string",
                            "description": "The address the code went to.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "code": {
                            "type": "string",
                            "description": "The 6-digit code.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary), or the second-factor code page for a user with one.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/provider": {
              "get": {
                "operationId": "loginProviderStart",
                "tags": [
                  "login"
                ],
                "summary": "Sign in through an OpenID Connect provider from the hosted login",
                "description": "The sign-in page's provider buttons link here. Starts the provider's authorization-code flow with `state`, `nonce` and PKCE (S256) and sends the browser to the provider's authorization endpoint (from its discovery document), with a short-lived `lk_provider` cookie naming the flow. The provider must send the browser back to `<public URL>/oauth/authorize/provider/callback`, registered there as a redirect URI of the app's first client id.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "provider",
                    "in": "query",
                    "required": true,
                    "description": "The app's name for an OpenID Connect provider it has configured (`latchkey apps providers set --kind oidc`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "request",
                    "in": "query",
                    "required": true,
                    "description": "The authorization request (the query of `GET /oauth/authorize`) the sign-in page was showing.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "303": {
                    "description": "To the provider's authorization endpoint, or an RFC 6749 error back to the client.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request names no known app or an unregistered redirect URI, or the app has no such provider: an error page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The provider's discovery document cannot be read: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/provider/callback": {
              "get": {
                "operationId": "loginProviderCallback",
                "tags": [
                  "login"
                ],
                "summary": "The provider's answer to a hosted-login sign-in",
                "description": "The provider's answer in the query of a redirect (`response_mode=query`). Checks `state` against the browser's `lk_provider` cookie, exchanges `code` at the provider's token endpoint with the flow's PKCE verifier (and the provider's client secret when one is set), and signs the user in with the ID token as `POST /v1/auth/external` does (same checks, nonce included, throttling and account rules). Then the hosted login goes on: the consent screen of a third-party app, or the client's redirect URI with a code.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "state",
                    "in": "query",
                    "required": false,
                    "description": "The flow's state, as the provider returns it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "code",
                    "in": "query",
                    "required": false,
                    "description": "The provider's authorization code.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "error",
                    "in": "query",
                    "required": false,
                    "description": "The provider's error (the user cancelled, say).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The sign-in page again: the provider sent an error instead of a code.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error).",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "No flow of this browser has this state (expired, or started elsewhere), or the request it carried is no longer valid: an error page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The provider's ID token did not verify: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The account is disabled: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The provider's verified email belongs to an account that may not be linked: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failed sign-ins from this address: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The provider's token endpoint refused the code: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The provider cannot be reached: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "loginProviderFormPost",
                "tags": [
                  "login"
                ],
                "summary": "The provider's answer to a hosted-login sign-in, posted (form_post)",
                "description": "The provider's answer as a form posted from its site (`response_mode=form_post`, which Sign in with Apple requires when it asks for the name or email): `code`, `state`, `error`, and Apple's `user` (a JSON object whose `name` fills the new account's display name when the ID token has none; Apple sends it on the first sign-in only). A post from another site comes without the flow's `SameSite=Lax` `lk_provider` cookie: it is answered with a page (200) that posts the same fields again from this site, once (`relayed=1`), with the cookie. Then as the `GET`: `state` must match the cookie, the code is exchanged (the client secret being an ES256 JWT made from the provider's Apple key when it has a team id and key id), and the ID token signs the user in.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The relay page that posts the provider's fields again from this site, or the sign-in page again: the provider sent an error instead of a code.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Back to the client's redirect URI with `code` and `state` (or an RFC 6749 error).",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "No flow of this browser has this state (expired, or started elsewhere), or the request it carried is no longer valid: an error page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The provider's ID token did not verify: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The account is disabled: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The provider's verified email belongs to an account that may not be linked: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failed sign-ins from this address: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The provider's token endpoint refused the code: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The provider cannot be reached: the sign-in page, saying so.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "code": {
                            "type": "string",
                            "description": "The provider's authorization code."
                          },
                          "state": {
                            "type": "string",
                            "description": "The flow's state, as the provider returns it."
                          },
                          "error": {
                            "type": "string",
                            "description": "The provider's error (the user cancelled, say)."
                          },
                          "user": {
                            "type": "string",
                            "description": "Apple's JSON object with the user's `name` (`firstName`, `lastName`), first sign-in only."
                          },
                          "relayed": {
                            "type": "string",
                            "description": "Set by the relay page: the post comes from this site."
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/consent": {
              "post": {
                "operationId": "loginConsent",
                "tags": [
                  "login"
                ],
                "summary": "Answer the consent screen",
                "description": "`allow` records the consent (per user, app and scope) and continues; `deny` sends `access_denied` to the client.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "decision"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "decision": {
                            "type": "string",
                            "description": "`allow` or `deny`.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong credentials: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF), or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A field is refused by the JSON API's rules (sign-up's password policy, an email's form): the page again with the errors beside the fields and in the summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/continue": {
              "post": {
                "operationId": "loginContinue",
                "tags": [
                  "login"
                ],
                "summary": "Go on after the recovery codes page",
                "description": "The form of the page that shows a user the recovery codes of the authenticator their sign-in just enrolled (an app with `totpRequired`): continues the flow for the browser session that sign-in started, as a sign-in would. A browser session older than a second-factor challenge's lifetime (five minutes) gets the sign-in page instead.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The sign-in page: no recent browser session of the app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/logout": {
              "get": {
                "operationId": "endSession",
                "tags": [
                  "login"
                ],
                "summary": "OpenID Connect RP-initiated logout",
                "description": "Ends the browser's session of the app (and the session of the hinted ID token). With a valid `id_token_hint` it ends at once; without, a page asks to confirm. Then `303` to `post_logout_redirect_uri` with `state`, or a page saying so.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "id_token_hint",
                    "in": "query",
                    "required": false,
                    "description": "An ID token this server issued to the app (expired ones too).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "client_id",
                    "in": "query",
                    "required": false,
                    "description": "The app, when there is no hint.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "post_logout_redirect_uri",
                    "in": "query",
                    "required": false,
                    "description": "One of the app's `redirectURIs` exactly.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "state",
                    "in": "query",
                    "required": false,
                    "description": "Returned unchanged.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ui_locales",
                    "in": "query",
                    "required": false,
                    "description": "Languages of the page.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The confirmation page, or the signed-out page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To `post_logout_redirect_uri` with `state`.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "No app of this server, or a `post_logout_redirect_uri` the app has not registered: an error page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "endSessionConfirmed",
                "tags": [
                  "login"
                ],
                "summary": "Confirm the logout",
                "description": "The confirmation page's form.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "id_token_hint": {
                            "type": "string",
                            "description": "As on GET.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "client_id": {
                            "type": "string",
                            "description": "As on GET.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "post_logout_redirect_uri": {
                            "type": "string",
                            "description": "As on GET.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "state": {
                            "type": "string",
                            "description": "As on GET.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "ui_locales": {
                            "type": "string",
                            "description": "As on GET.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The signed-out page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To `post_logout_redirect_uri` with `state`.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "No app of this server, or an unregistered `post_logout_redirect_uri`.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/auth/browser-session": {
              "get": {
                "operationId": "getBrowserSession",
                "tags": [
                  "login"
                ],
                "summary": "Whether this browser is signed in (Kurogo's Session API)",
                "description": "Answers from the `lk_session` cookie the hosted login set (a web view shares it with the app): `active` and, when signed in, the user. No token is needed or returned.",
                "security": [
                  {
                    "clientId": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "name": "lk_session",
                    "in": "cookie",
                    "required": false,
                    "description": "The browser session cookie.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Whether the browser has a live session of the app.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/BrowserSessionStatus"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "`Latchkey-Client-Id` is missing or unknown.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/authorize/mfa": {
              "post": {
                "operationId": "loginMFA",
                "tags": [
                  "login"
                ],
                "summary": "Complete the sign-in with a second factor",
                "description": "The code page's form after a password or PIN sign-in of a user with a second factor: six digits are an authenticator code, anything else a recovery code (`POST /v1/auth/mfa`'s rules: five codes per challenge, each code once). Success continues the flow as a sign-in; a challenge that can no longer be used shows the sign-in page again. With `remember=1` the answer also sets the `lk_mfa_<app id>` cookie: for 30 days, a sign-in of the same user to the app in this browser skips this step, until the authenticator is reset, disabled or replaced. A sign-in that enrolled the user's first authenticator answers the page with their recovery codes (200), whose form goes on (`POST /oauth/authorize/continue`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "csrf_token",
                          "request",
                          "challenge",
                          "code"
                        ],
                        "properties": {
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (bound to the `lk_csrf` cookie).",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "request": {
                            "type": "string",
                            "description": "The authorization request's query string, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "challenge": {
                            "type": "string",
                            "description": "The sign-in's second-factor challenge, as the page carries it.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "code": {
                            "type": "string",
                            "description": "An authenticator code or a recovery code.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "remember": {
                            "type": "string",
                            "description": "`1` to remember this browser for the user's authenticator for 30 days: the `lk_mfa_<app id>` cookie (signed, HttpOnly, `SameSite=Lax`, `Secure` on https), with which later sign-ins of the user to the app in this browser skip the code until the authenticator is reset, disabled or replaced.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The next page (or this one again with an error summary).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "Signed in: to the client's redirect URI with `code`, `state` and `iss` (RFC 9207); or an RFC 6749 error there. Sets the `lk_session` cookie.",
                    "headers": {
                      "Location": {
                        "description": "Where the browser goes next.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form's fields are refused (the page again, with the errors), or the request names no known app or an unregistered redirect URI.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "A wrong code, or a challenge that can no longer be used: the code page (or the sign-in page) again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form token is missing or wrong (CSRF).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many attempts: the page again with the error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "BrowserSessionStatus": {
                "type": "object",
                "required": [
                  "active"
                ],
                "properties": {
                  "active": {
                    "type": "boolean",
                    "description": "Whether the browser is signed in to the app."
                  },
                  "user": {
                    "$ref": "#/components/schemas/UserRecord"
                  },
                  "authenticatedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the user last signed in."
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the session ends at the latest."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
