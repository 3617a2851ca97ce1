extension OpsFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "ops",
              "description": "Health, readiness and metrics."
            }
          ],
          "paths": {
            "/healthz": {
              "get": {
                "operationId": "getHealth",
                "tags": [
                  "ops"
                ],
                "summary": "Liveness: the process answers",
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
                    "description": "The process is up.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/HealthStatus"
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
            "/readyz": {
              "get": {
                "operationId": "getReadiness",
                "tags": [
                  "ops"
                ],
                "summary": "Readiness: the database answers",
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
                    "description": "Ready: `{\"status\": \"ok\", \"database\": \"ok\"}`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ReadinessStatus"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "Not ready: `{\"status\": \"unavailable\", \"database\": \"unreachable\"}`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ReadinessStatus"
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
            "/metrics": {
              "get": {
                "operationId": "getMetrics",
                "tags": [
                  "ops"
                ],
                "summary": "Prometheus metrics",
                "description": "Requests by route, method and status; request latency; sign-ins by outcome; live sessions (recounted periodically, never per scrape). Not public: 404 unless the server has a metrics token, and then the token is required.",
                "security": [
                  {
                    "metricsToken": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Prometheus text exposition format 0.0.4.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "text/plain": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The metrics token is missing (`unauthorized`) or wrong (`invalid_token`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate"
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
                  "404": {
                    "description": "The server has no metrics token: metrics are not served (`not_found`).",
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
            }
          },
          "components": {
            "schemas": {
              "HealthStatus": {
                "type": "object",
                "required": [
                  "status"
                ],
                "properties": {
                  "status": {
                    "type": "string",
                    "description": "Always `ok`.",
                    "enum": [
                      "ok"
                    ]
                  }
                }
              },
              "ReadinessStatus": {
                "type": "object",
                "required": [
                  "status",
                  "database"
                ],
                "properties": {
                  "status": {
                    "type": "string",
                    "description": "`ok`, or `unavailable` when the database does not answer.",
                    "enum": [
                      "ok",
                      "unavailable"
                    ]
                  },
                  "database": {
                    "type": "string",
                    "description": "`ok` or `unreachable`.",
                    "enum": [
                      "ok",
                      "unreachable"
                    ]
                  }
                }
              }
            }
          }
        }
        """#
    )
}
