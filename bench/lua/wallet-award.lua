-- Awards with a fresh idempotency key each (a new ledger entry every time), rotating over users.
-- Data lines: "<Authorization header value>\t<path>"
--   Latchkey:   "Bearer <client_credentials token with wallet:write>\t/v1/wallet/users/<id>/transactions"
--               {"currency":"kredits","amount":7,"reason":"bench","idempotencyKey":"<unique>"}
--   PocketBase: "-\t/api/collections/awards/records" (a public-create collection, unique index on key)
--               {"user":"u<n>","amount":7,"reason":"bench","key":"<unique>"}
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local targets = {}
local i, n = 0, 0
local prefix
function init(args)
  math.randomseed(os.time() + (tid or 0) * 7919)
  prefix = string.format("w%dt%d", math.random(100000000, 999999999), tid or 0)
  for _, r in ipairs(bench_records()) do
    local extra = {["Content-Type"] = "application/json"}
    if bench_mode == "latchkey" then extra["Authorization"] = r[1] end
    targets[#targets + 1] = {path = r[2], headers = bench_headers(extra)}
  end
  assert(#targets > 0, "wallet-award.lua: no targets for this thread")
end

function request()
  i = i % #targets + 1
  n = n + 1
  local key = prefix .. "n" .. n
  local body
  if bench_mode == "pocketbase" then
    body = string.format('{"user":"u%d","amount":7,"reason":"bench","key":"%s"}', i, key)
  else
    body = string.format('{"currency":"kredits","amount":7,"reason":"bench","idempotencyKey":"%s"}', key)
  end
  return wrk.format("POST", targets[i].path, targets[i].headers, body)
end
