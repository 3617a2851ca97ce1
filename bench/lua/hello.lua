-- Baseline: a cheap unauthenticated GET (Latchkey GET /v1/hello, PocketBase GET /api/health).
-- The path comes from the URL given to wrk.
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local req
function init(args)
  req = wrk.format("GET", wrk.path, bench_headers())
end

function request()
  return req
end
