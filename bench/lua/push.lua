-- Pushes to one user, one device: each request queues one push (bench/push).
-- Data lines: "<Authorization header value>\t<user id>" (a client_credentials token with push:send).
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local targets = {}
local i = 0
function init(args)
  for _, r in ipairs(bench_records()) do
    local headers = bench_headers({["Content-Type"] = "application/json", ["Authorization"] = r[1]})
    targets[#targets + 1] = {headers = headers, body = string.format('{"userId":"%s","body":{"default":"One push"}}', r[2])}
  end
  assert(#targets > 0, "push.lua: no targets for this thread")
end

function request()
  i = i % #targets + 1
  return wrk.format("POST", "/v1/push", targets[i].headers, targets[i].body)
end
