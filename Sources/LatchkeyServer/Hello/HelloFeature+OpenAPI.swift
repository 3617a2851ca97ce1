extension HelloFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "hello",
              "description": "Discovery and the API contract."
            }
          ],
          "paths": {
            "/v1/hello": {
              "get": {
                "operationId": "getHello",
                "tags": [
                  "hello"
                ],
                "summary": "Discover the server and its modules",
                "description": "Names the server and its version, and lists each module's API versions and whether the caller may use it now. Works without credentials; a valid bearer token (or a known `Latchkey-Client-Id`) scopes the answer to an app. An invalid bearer token is ignored, not refused.",
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  },
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
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The server, its version and its modules.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/HelloResponse"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
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
            "/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "tags": [
                  "hello"
                ],
                "summary": "The OpenAPI document of this API",
                "security": [
                  {}
                ],
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
                    "description": "This OpenAPI 3.1 document.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-Public"
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
                  "404": {
                    "description": "The server was built without its OpenAPI document (`not_found`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
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
            }
          },
          "components": {
            "schemas": {
              "HelloResponse": {
                "type": "object",
                "description": "`GET /v1/hello`: what the server is and which modules it offers the caller.",
                "required": [
                  "name",
                  "version",
                  "modules"
                ],
                "properties": {
                  "name": {
                    "type": "string",
                    "description": "The server's name, `Latchkey`."
                  },
                  "version": {
                    "type": "string",
                    "description": "The server's version."
                  },
                  "clientId": {
                    "type": "string",
                    "description": "The app the request was scoped to (by bearer token or a known `Latchkey-Client-Id`); absent otherwise."
                  },
                  "modules": {
                    "type": "array",
                    "description": "The modules and their API versions.",
                    "items": {
                      "$ref": "#/components/schemas/Module"
                    }
                  }
                }
              },
              "Module": {
                "type": "object",
                "description": "One module of the API.",
                "required": [
                  "id",
                  "title",
                  "vmin",
                  "vmax",
                  "access"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "The module id, also its path segment (`hello`, `auth`, `me`, `oauth`)."
                  },
                  "title": {
                    "type": "string",
                    "description": "A human title."
                  },
                  "vmin": {
                    "type": "integer",
                    "description": "The lowest API version the server speaks for this module."
                  },
                  "vmax": {
                    "type": "integer",
                    "description": "The highest API version the server speaks for this module."
                  },
                  "access": {
                    "type": "boolean",
                    "description": "Whether the caller may use the module now (`false`: sign in first, or name a known app)."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
