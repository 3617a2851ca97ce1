extension TokensFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "well-known",
              "description": "Keys and discovery metadata for relying services."
            }
          ],
          "paths": {
            "/.well-known/jwks.json": {
              "get": {
                "operationId": "getJWKS",
                "tags": [
                  "well-known"
                ],
                "summary": "The public signing keys",
                "security": [
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The key set.",
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
                          "$ref": "#/components/schemas/JWKS"
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
            "/.well-known/openid-configuration": {
              "get": {
                "operationId": "getOpenIDConfiguration",
                "tags": [
                  "well-known"
                ],
                "summary": "OpenID Connect discovery document",
                "security": [
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The discovery document.",
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
                          "$ref": "#/components/schemas/OpenIDConfiguration"
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
              "JWK": {
                "type": "object",
                "description": "A public ES256 signing key (RFC 7517, RFC 7518 §6.2).",
                "required": [
                  "kty",
                  "crv",
                  "use",
                  "alg",
                  "kid",
                  "x",
                  "y"
                ],
                "properties": {
                  "kty": {
                    "type": "string",
                    "description": "Key type.",
                    "enum": [
                      "EC"
                    ]
                  },
                  "crv": {
                    "type": "string",
                    "description": "Curve.",
                    "enum": [
                      "P-256"
                    ]
                  },
                  "use": {
                    "type": "string",
                    "description": "Key use.",
                    "enum": [
                      "sig"
                    ]
                  },
                  "alg": {
                    "type": "string",
                    "description": "Algorithm.",
                    "enum": [
                      "ES256"
                    ]
                  },
                  "kid": {
                    "type": "string",
                    "description": "Key id, as in the JWS header."
                  },
                  "x": {
                    "type": "string",
                    "description": "The x coordinate, base64url."
                  },
                  "y": {
                    "type": "string",
                    "description": "The y coordinate, base64url."
                  }
                }
              },
              "JWKS": {
                "type": "object",
                "description": "The JSON Web Key Set of every key that may still verify a valid token.",
                "required": [
                  "keys"
                ],
                "properties": {
                  "keys": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/JWK"
                    }
                  }
                }
              },
              "OpenIDConfiguration": {
                "type": "object",
                "description": "OpenID Connect Discovery / RFC 8414 authorization server metadata.",
                "required": [
                  "issuer",
                  "jwks_uri",
                  "token_endpoint",
                  "revocation_endpoint",
                  "introspection_endpoint",
                  "userinfo_endpoint",
                  "grant_types_supported",
                  "response_types_supported",
                  "token_endpoint_auth_methods_supported",
                  "revocation_endpoint_auth_methods_supported",
                  "introspection_endpoint_auth_methods_supported",
                  "subject_types_supported",
                  "id_token_signing_alg_values_supported",
                  "scopes_supported",
                  "claims_supported"
                ],
                "properties": {
                  "issuer": {
                    "type": "string",
                    "description": "The issuer: the server's public base URL."
                  },
                  "jwks_uri": {
                    "type": "string",
                    "description": "`{issuer}/.well-known/jwks.json`."
                  },
                  "token_endpoint": {
                    "type": "string",
                    "description": "`{issuer}/oauth/token`."
                  },
                  "revocation_endpoint": {
                    "type": "string",
                    "description": "`{issuer}/oauth/revoke`."
                  },
                  "introspection_endpoint": {
                    "type": "string",
                    "description": "`{issuer}/oauth/introspect`."
                  },
                  "userinfo_endpoint": {
                    "type": "string",
                    "description": "`{issuer}/oauth/userinfo`."
                  },
                  "grant_types_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`refresh_token`, `client_credentials`, `urn:ietf:params:oauth:grant-type:jwt-bearer`, `password`."
                  },
                  "response_types_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "Empty: there is no authorization endpoint."
                  },
                  "token_endpoint_auth_methods_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`client_secret_basic`, `client_secret_post`, `none`."
                  },
                  "revocation_endpoint_auth_methods_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`client_secret_basic`, `client_secret_post`, `none`."
                  },
                  "introspection_endpoint_auth_methods_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`client_secret_basic`, `client_secret_post`."
                  },
                  "subject_types_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`public`."
                  },
                  "id_token_signing_alg_values_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`ES256`."
                  },
                  "scopes_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "`openid`, `profile`."
                  },
                  "claims_supported": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The claims tokens and userinfo carry."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
