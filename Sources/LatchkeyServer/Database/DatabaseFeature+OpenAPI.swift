extension DatabaseFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "database",
              "description": "The app's JSON data tree, spoken as the Firebase Realtime Database REST protocol (see docs/database.md): errors are `{\"error\": \"…\"}`, not problem documents."
            }
          ],
          "paths": {
            "/console/apps/{id}/data": {
              "get": {
                "operationId": "consoleDataTree",
                "tags": [
                  "console"
                ],
                "summary": "Console: browse an app's data tree",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. The value at `path` (the root when absent): a scalar as JSON, or the children 50 at a time in the protocol's key order, after the key `after`; the editor (admins) and the rules simulator. The read is audited (`data.read`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "path",
                    "in": "query",
                    "required": false,
                    "description": "The location, `/` for the root.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "after",
                    "in": "query",
                    "required": false,
                    "description": "Show the children after this key.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "saved",
                    "in": "query",
                    "required": false,
                    "description": "`set` or `deleted`: says the last change was saved.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                    "description": "To the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The path or `after` is not a valid location or key: the page of the root, with the error.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The server is busy with other large reads; try again shortly.",
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
                "operationId": "consoleSetDataTreeValue",
                "tags": [
                  "console"
                ],
                "summary": "Console: set, add or delete a value of an app's data tree",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403. `action=set` writes the JSON `value` at `path` (or at its child `key`), `action=delete` deletes `path`; as a `PUT` with admin access, the API's limits applied. Audited (`data.set`, `data.delete`) with the value before and after.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "path": {
                            "type": "string",
                            "description": "The location."
                          },
                          "key": {
                            "type": "string",
                            "description": "A child of the location to set instead (added if new)."
                          },
                          "value": {
                            "type": "string",
                            "description": "The JSON value."
                          },
                          "action": {
                            "type": "string",
                            "description": "`set` (the default) or `delete`."
                          }
                        },
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "303": {
                    "description": "To the location written (or the parent of the one deleted), or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with the error next to the field: a path, key or JSON value that does not parse, or a write the API's limits refuse.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The server is busy with other large work; try again shortly.",
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
            "/console/apps/{id}/data/simulate": {
              "post": {
                "operationId": "consoleSimulateRules",
                "tags": [
                  "console"
                ],
                "summary": "Console: simulate the data-tree rules",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403. Whether the user `user` (signed in now; none when empty) may `read` the location `path` or `write` the JSON `data` there, on the tree as it is now, with every rule evaluated and the one that decided. Nothing is written. Audited (`data.simulate`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "path": {
                            "type": "string",
                            "description": "The location asked about."
                          },
                          "operation": {
                            "type": "string",
                            "description": "`read` (the default) or `write`."
                          },
                          "user": {
                            "type": "string",
                            "description": "The user's id; empty for a caller without a credential."
                          },
                          "data": {
                            "type": "string",
                            "description": "For a write: the JSON value written."
                          },
                          "at": {
                            "type": "string",
                            "description": "The location the page browses."
                          }
                        },
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The page with the verdict and the rules evaluated.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with the error next to the field: a path or JSON that does not parse, an unknown operation, or no such user.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The server is busy with other large work; try again shortly.",
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
            "/{path}.json": {
              "get": {
                "operationId": "DatabaseGet",
                "summary": "Read a location",
                "tags": [
                  "database"
                ],
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "description": "The value at the location (null when nothing is stored), if the rules let the caller read it; with a query, the children it selects. With `Accept: text/event-stream` the request watches the location instead (the protocol's streaming).",
                "parameters": [
                  {
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": "The location: the keys from the root joined by `/` (`users/ann`), each percent-encoded, none holding `. $ # [ ]` or control characters, at most 32 deep; empty for the root (`/.json`). The capture spans several segments. Every key is reachable, those named like the first segment of the server's other routes too (`v1/x`); the key `openapi` as `/openapi/.json` (`/openapi.json` is this document).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id: names the tree when no token is sent; must be the token's app when one is.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth_variable_override",
                    "in": "query",
                    "required": false,
                    "description": "With an admin token only (a confidential client's token with `database:admin`): JSON (an object or `null`) the rules see as `auth` instead of skipping the rules (firebase-admin's `databaseAuthVariableOverride`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "print",
                    "in": "query",
                    "required": false,
                    "description": "`pretty`: indented JSON; `silent`: 204 without a body.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pretty",
                        "silent"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "shallow",
                    "in": "query",
                    "required": false,
                    "description": "`true`: an object's children as `true`, a scalar as it is. Not with a query.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "true",
                        "false"
                      ]
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "`export`: priorities included (`.priority`, `.value`).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "export"
                      ]
                    }
                  },
                  {
                    "name": "orderBy",
                    "in": "query",
                    "required": false,
                    "description": "A query: `\"$key\"`, `\"$value\"`, `\"$priority\"` or a child path in JSON quotes; a child ordering needs `.indexOn` in the rules at the location (else 400 `Index not defined…`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "startAt",
                    "in": "query",
                    "required": false,
                    "description": "A query bound (JSON).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "endAt",
                    "in": "query",
                    "required": false,
                    "description": "A query bound (JSON).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "equalTo",
                    "in": "query",
                    "required": false,
                    "description": "A query value (JSON).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limitToFirst",
                    "in": "query",
                    "required": false,
                    "description": "The first n children of the ordering.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limitToLast",
                    "in": "query",
                    "required": false,
                    "description": "The last n children of the ordering.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "X-Firebase-ETag",
                    "in": "header",
                    "required": false,
                    "description": "`true`: the answer carries the value's `ETag`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An `ETag`: 304 without a body when the value still has it.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The value.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "204": {
                    "description": "`print=silent`: done, no body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the current value's `ETag`.",
                    "headers": {
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The path, body, a query parameter or a server value is malformed, or a query orders by a child the rules do not index.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "401": {
                    "description": "`Permission denied` (the rules refuse it, or a confidential client's token lacks `database:admin`), or a token that cannot be used (`Could not parse auth token.`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "403": {
                    "description": "`auth_variable_override` without an admin credential.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "404": {
                    "description": "No `ns` and no token, or no app has the client id `ns` names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "406": {
                    "description": "`Accept: text/event-stream` where streaming is not served.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  }
                }
              },
              "put": {
                "operationId": "DatabasePut",
                "summary": "Replace a location",
                "tags": [
                  "database"
                ],
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "description": "Replaces the value at the location (null or `{}` deletes it); answers the data written, server values resolved.",
                "parameters": [
                  {
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": "The location: the keys from the root joined by `/` (`users/ann`), each percent-encoded, none holding `. $ # [ ]` or control characters, at most 32 deep; empty for the root (`/.json`). The capture spans several segments. Every key is reachable, those named like the first segment of the server's other routes too (`v1/x`); the key `openapi` as `/openapi/.json` (`/openapi.json` is this document).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id: names the tree when no token is sent; must be the token's app when one is.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth_variable_override",
                    "in": "query",
                    "required": false,
                    "description": "With an admin token only (a confidential client's token with `database:admin`): JSON (an object or `null`) the rules see as `auth` instead of skipping the rules (firebase-admin's `databaseAuthVariableOverride`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "print",
                    "in": "query",
                    "required": false,
                    "description": "`pretty`: indented JSON; `silent`: 204 without a body.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pretty",
                        "silent"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "if-match",
                    "in": "header",
                    "required": false,
                    "description": "An `ETag` from a read: the write happens only if the location's value still has it; else 412 with the current value and its `ETag`.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DatabaseValue"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The data written.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "204": {
                    "description": "`print=silent`: done, no body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The path, body, a query parameter or a server value is malformed, or a query orders by a child the rules do not index.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "401": {
                    "description": "`Permission denied` (the rules refuse it, or a confidential client's token lacks `database:admin`), or a token that cannot be used (`Could not parse auth token.`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "403": {
                    "description": "`auth_variable_override` without an admin credential.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "404": {
                    "description": "No `ns` and no token, or no app has the client id `ns` names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 16 MiB.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "412": {
                    "description": "`if-match` no longer holds: the current value, with its `ETag`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  }
                }
              },
              "patch": {
                "operationId": "DatabasePatch",
                "summary": "Update children of a location",
                "tags": [
                  "database"
                ],
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "description": "A multi-path update: each member of the body (a child path, `a/b`) replaces that child (null deletes it), all in one write; no member may be another's ancestor. Answers the update.",
                "parameters": [
                  {
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": "The location: the keys from the root joined by `/` (`users/ann`), each percent-encoded, none holding `. $ # [ ]` or control characters, at most 32 deep; empty for the root (`/.json`). The capture spans several segments. Every key is reachable, those named like the first segment of the server's other routes too (`v1/x`); the key `openapi` as `/openapi/.json` (`/openapi.json` is this document).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id: names the tree when no token is sent; must be the token's app when one is.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth_variable_override",
                    "in": "query",
                    "required": false,
                    "description": "With an admin token only (a confidential client's token with `database:admin`): JSON (an object or `null`) the rules see as `auth` instead of skipping the rules (firebase-admin's `databaseAuthVariableOverride`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "print",
                    "in": "query",
                    "required": false,
                    "description": "`pretty`: indented JSON; `silent`: 204 without a body.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pretty",
                        "silent"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The update, server values resolved.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "204": {
                    "description": "`print=silent`: done, no body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The path, body, a query parameter or a server value is malformed, or a query orders by a child the rules do not index.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "401": {
                    "description": "`Permission denied` (the rules refuse it, or a confidential client's token lacks `database:admin`), or a token that cannot be used (`Could not parse auth token.`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "403": {
                    "description": "`auth_variable_override` without an admin credential.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "404": {
                    "description": "No `ns` and no token, or no app has the client id `ns` names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 16 MiB.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "DatabasePost",
                "summary": "Add a child with a push id",
                "tags": [
                  "database"
                ],
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "description": "Writes the body at a new child named by a chronologically ordered push id (8 characters of time, 12 random). A `POST` naming `PUT`, `PATCH` or `DELETE` in `X-HTTP-Method-Override` (or `x-http-method-override=`) is that write instead, for clients that can send only `GET` and `POST`; any other name is `400`.",
                "parameters": [
                  {
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": "The location: the keys from the root joined by `/` (`users/ann`), each percent-encoded, none holding `. $ # [ ]` or control characters, at most 32 deep; empty for the root (`/.json`). The capture spans several segments. Every key is reachable, those named like the first segment of the server's other routes too (`v1/x`); the key `openapi` as `/openapi/.json` (`/openapi.json` is this document).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id: names the tree when no token is sent; must be the token's app when one is.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth_variable_override",
                    "in": "query",
                    "required": false,
                    "description": "With an admin token only (a confidential client's token with `database:admin`): JSON (an object or `null`) the rules see as `auth` instead of skipping the rules (firebase-admin's `databaseAuthVariableOverride`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "print",
                    "in": "query",
                    "required": false,
                    "description": "`pretty`: indented JSON; `silent`: 204 without a body.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pretty",
                        "silent"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "X-HTTP-Method-Override",
                    "in": "header",
                    "required": false,
                    "description": "`PUT`, `PATCH`, `DELETE` or `POST` (any case): the write this request makes; the body and answer are that method's.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "PUT",
                        "PATCH",
                        "DELETE",
                        "POST"
                      ]
                    }
                  },
                  {
                    "name": "x-http-method-override",
                    "in": "query",
                    "required": false,
                    "description": "As the `X-HTTP-Method-Override` header; when both are sent they must name the same method (else `400`).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "PUT",
                        "PATCH",
                        "DELETE",
                        "POST"
                      ]
                    }
                  },
                  {
                    "name": "if-match",
                    "in": "header",
                    "required": false,
                    "description": "With `PUT` or `DELETE` as the method override: An `ETag` from a read: the write happens only if the location's value still has it; else 412 with the current value and its `ETag`.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DatabaseValue"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The new child's name; with a method override, that write's answer (`PUT` and `PATCH`: the data written; `DELETE`: `null`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "name": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "name"
                              ]
                            },
                            {
                              "$ref": "#/components/schemas/DatabaseValue"
                            }
                          ]
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "204": {
                    "description": "`print=silent`: done, no body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The path, body, a query parameter or a server value is malformed, or a query orders by a child the rules do not index.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "401": {
                    "description": "`Permission denied` (the rules refuse it, or a confidential client's token lacks `database:admin`), or a token that cannot be used (`Could not parse auth token.`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "403": {
                    "description": "`auth_variable_override` without an admin credential.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "404": {
                    "description": "No `ns` and no token, or no app has the client id `ns` names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 16 MiB.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "412": {
                    "description": "With `PUT` or `DELETE` as the method override: `if-match` no longer holds: the current value, with its `ETag`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  }
                }
              },
              "delete": {
                "operationId": "DatabaseDelete",
                "summary": "Delete a location",
                "tags": [
                  "database"
                ],
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "description": "Deletes the value at the location; answers null.",
                "parameters": [
                  {
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": "The location: the keys from the root joined by `/` (`users/ann`), each percent-encoded, none holding `. $ # [ ]` or control characters, at most 32 deep; empty for the root (`/.json`). The capture spans several segments. Every key is reachable, those named like the first segment of the server's other routes too (`v1/x`); the key `openapi` as `/openapi/.json` (`/openapi.json` is this document).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id: names the tree when no token is sent; must be the token's app when one is.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "An access token, as `Authorization: Bearer` would carry it.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "auth_variable_override",
                    "in": "query",
                    "required": false,
                    "description": "With an admin token only (a confidential client's token with `database:admin`): JSON (an object or `null`) the rules see as `auth` instead of skipping the rules (firebase-admin's `databaseAuthVariableOverride`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "print",
                    "in": "query",
                    "required": false,
                    "description": "`pretty`: indented JSON; `silent`: 204 without a body.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pretty",
                        "silent"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "if-match",
                    "in": "header",
                    "required": false,
                    "description": "An `ETag` from a read: the write happens only if the location's value still has it; else 412 with the current value and its `ETag`.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "null.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "204": {
                    "description": "`print=silent`: done, no body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The path, body, a query parameter or a server value is malformed, or a query orders by a child the rules do not index.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "401": {
                    "description": "`Permission denied` (the rules refuse it, or a confidential client's token lacks `database:admin`), or a token that cannot be used (`Could not parse auth token.`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "403": {
                    "description": "`auth_variable_override` without an admin credential.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "404": {
                    "description": "No `ns` and no token, or no app has the client id `ns` names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    },
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "412": {
                    "description": "`if-match` no longer holds: the current value, with its `ETag`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseValue"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "A hash of the value's canonical JSON (what `if-match` compares).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  }
                }
              }
            },
            "/.settings/rules.json": {
              "get": {
                "operationId": "DatabaseGetRules",
                "tags": [
                  "database"
                ],
                "summary": "Read the data tree's security rules (the Realtime Database protocol's `/.settings/rules.json`)",
                "description": "The app's rules document exactly as uploaded, comments included; an app that set none answers the default rules (`/users/$uid` readable and writable by `auth.uid == $uid`, everything else closed).",
                "security": [
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "parameters": [
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "The confidential client's access token, as the protocol carries it (instead of `Authorization: Bearer`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "The same token under the name OAuth clients use.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id; when given it must be the token's app.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The rules document (JSON, possibly with `//` and `/* */` comments).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Anything but the app's confidential client's token with `database:admin` (a user's token, an overridden admin, a bad token, none): `{\"error\": \"Permission denied\"}`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    }
                  }
                }
              },
              "put": {
                "operationId": "DatabaseSetRules",
                "tags": [
                  "database"
                ],
                "summary": "Replace the data tree's security rules",
                "description": "Checks the document (syntax, keys, every expression's syntax and types, `newData` only in `.write`/`.validate`, regular expressions within the safe subset) and makes it the app's rules on every node at once.",
                "security": [
                  {
                    "clientCredentials": [
                      "database:admin"
                    ]
                  }
                ],
                "parameters": [
                  {
                    "name": "auth",
                    "in": "query",
                    "required": false,
                    "description": "The confidential client's access token, as the protocol carries it (instead of `Authorization: Bearer`).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "access_token",
                    "in": "query",
                    "required": false,
                    "description": "The same token under the name OAuth clients use.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "ns",
                    "in": "query",
                    "required": false,
                    "description": "The app's client id; when given it must be the token's app.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "`{\"rules\": {…}}`: `.read`, `.write`, `.validate` (expressions or booleans) and `.indexOn` per path, one `$variable` per level.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "rules"
                        ],
                        "properties": {
                          "rules": {
                            "type": "object"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The rules are set.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "status": {
                              "type": "string",
                              "enum": [
                                "ok"
                              ]
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The document was refused; the message names the line and column: `{\"error\": \"Line 7, column 31: Unknown variable 'auht'.\"}`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Anything but the app's confidential client's token with `database:admin` (a user's token, an overridden admin, a bad token, none): `{\"error\": \"Permission denied\"}`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The document is larger than 256 KiB.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DatabaseError"
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
              "DatabaseError": {
                "type": "object",
                "description": "The Realtime Database protocol's error: its `error` member is the message firebase-admin and the Firebase SDKs show.",
                "properties": {
                  "error": {
                    "type": "string"
                  }
                },
                "required": [
                  "error"
                ]
              },
              "DatabaseValue": {
                "description": "Any JSON value: an object (a node with children; arrays are stored as objects keyed 0, 1, … and read back as arrays when most indexes are present), a string, number or boolean, or null (nothing stored). Within a written value, `{\".sv\": \"timestamp\"}` and `{\".sv\": {\"increment\": n}}` are server values, and `.priority` / `.value` members carry priorities."
              }
            }
          }
        }
        """#
    )
}
