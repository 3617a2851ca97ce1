-- Password sign-in with correct passwords, rotating over many seeded users.
-- Data lines: "<username or email>\t<password>"
--   Latchkey:   POST /v1/auth/signin {"username","password"}
--   PocketBase: POST /api/collections/<users>/auth-with-password {"identity","password"}
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local reqs = {}
local i = 0
function init(args)
  local key = bench_mode == "pocketbase" and "identity" or "username"
  local headers = bench_headers({["Content-Type"] = "application/json"})
  for _, r in ipairs(bench_records()) do
    local body = string.format('{"%s":"%s","password":"%s"}', key, r[1], r[2])
    reqs[#reqs + 1] = wrk.format("POST", wrk.path, headers, body)
  end
  assert(#reqs > 0, "signin.lua: no users for this thread")
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end
