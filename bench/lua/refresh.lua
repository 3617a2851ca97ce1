-- Refresh-token rotation where every request presents a fresh, never-used token.
--
-- Data lines: one token each (Latchkey refresh token / PocketBase auth token), split between
-- threads by setup(). Each thread keeps a FIFO queue: request() pops the oldest token,
-- response() takes the new token out of the body and pushes it. So each session's newest
-- token is the only one ever sent; nothing is sent twice (no reuse, no retry of a used token).
-- A thread whose queue is empty sends a dummy token (counted as "starved", answered 401).
--   Latchkey:   POST /v1/auth/refresh {"refreshToken": …}       → "refreshToken":"…"
--   PocketBase: POST /api/collections/users/auth-refresh, Authorization: <token> → "token":"…"
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local queue = {}
local head, tail = 1, 0
local pattern
starved = 0

function init(args)
  for _, r in ipairs(bench_records()) do
    tail = tail + 1
    queue[tail] = r[1]
  end
  pattern = bench_mode == "pocketbase" and '"token":"([^"]+)"' or '"refreshToken":"([^"]+)"'
end

local function pop()
  if head > tail then
    starved = starved + 1
    return "starved-no-fresh-token"
  end
  local token = queue[head]
  queue[head] = nil
  head = head + 1
  return token
end

function request()
  local token = pop()
  if bench_mode == "pocketbase" then
    return wrk.format("POST", wrk.path, bench_headers({["Authorization"] = token}), "")
  end
  return wrk.format("POST", wrk.path, bench_headers({["Content-Type"] = "application/json"}),
    '{"refreshToken":"' .. token .. '"}')
end

function response(status, headers, body)
  bench_count(status)
  if status == 200 and body then
    local token = string.match(body, pattern)
    if token then
      tail = tail + 1
      queue[tail] = token
    end
  end
end
