-- Sign-up of new, unique accounts (one bcrypt hash + inserts each).
-- Usernames: "s<random>t<thread>n<counter>", unique within and across runs.
--   Latchkey:   POST /v1/auth/signup {"username","password"}
--   PocketBase: POST /api/collections/users/records {"email","password","passwordConfirm"}
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local n = 0
local prefix
local headers
function init(args)
  math.randomseed(os.time() + (tid or 0) * 7919)
  prefix = string.format("s%dt%d", math.random(100000000, 999999999), tid or 0)
  headers = bench_headers({["Content-Type"] = "application/json"})
end

function request()
  n = n + 1
  local name = prefix .. "n" .. n
  local password = "bench-password-" .. n .. "-xyz"
  local body
  if bench_mode == "pocketbase" then
    body = string.format('{"email":"%s@bench.test","password":"%s","passwordConfirm":"%s"}', name, password, password)
  else
    body = string.format('{"username":"%s","password":"%s"}', name, password)
  end
  return wrk.format("POST", wrk.path, headers, body)
end
