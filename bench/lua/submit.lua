-- A user's own score submit, rotating over many users' access tokens, each with a random score.
-- Data lines: "<Authorization header value>\t<path>"
--   Latchkey: "Bearer <accessToken>\t/v1/leaderboards/<board>/scores"
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local records = {}
local headers = {}
local i = 0
function init(args)
  math.randomseed(os.time() + (tid or 0) * 7919)
  records = bench_records()
  for n, r in ipairs(records) do
    headers[n] = bench_headers({["Authorization"] = r[1], ["Content-Type"] = "application/json"})
  end
  assert(#records > 0, "submit.lua: no tokens for this thread")
end

function request()
  i = i % #records + 1
  return wrk.format("POST", records[i][2], headers[i], string.format('{"score":%d}', math.random(0, 999999999)))
end
