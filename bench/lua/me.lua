-- Authenticated read of the caller's own account, rotating over many users' access tokens.
-- Data lines: "<Authorization header value>\t<path>"
--   Latchkey:   "Bearer <accessToken>\t/v1/me"
--   PocketBase: "<token>\t/api/collections/users/records/<id>"
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local reqs = {}
local i = 0
function init(args)
  for _, r in ipairs(bench_records()) do
    reqs[#reqs + 1] = wrk.format("GET", r[2], bench_headers({["Authorization"] = r[1]}))
  end
  assert(#reqs > 0, "me.lua: no tokens for this thread")
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end
