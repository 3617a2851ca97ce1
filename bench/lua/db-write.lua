-- Small writes to one node of the data tree, each a new value (durable: the commit is on disk
-- before the answer).
-- Data lines: "<Authorization header value or ->\t<path>"
--   Latchkey:   "Bearer <client_credentials token with database:admin>\t/bench/counter.json"
--               PUT {"n":<counter>,"by":"bench"}
--   PocketBase: "-\t/api/collections/tree/records" (a public-create collection)
--               POST {"n":<counter>,"by":"bench"}
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local targets = {}
local i, n = 0, 0
function init(args)
  for _, r in ipairs(bench_records()) do
    local extra = {["Content-Type"] = "application/json"}
    if r[1] ~= "-" then extra["Authorization"] = r[1] end
    targets[#targets + 1] = {path = r[2], headers = bench_headers(extra)}
  end
  assert(#targets > 0, "db-write.lua: no targets for this thread")
end

function request()
  i = i % #targets + 1
  n = n + 1
  local method = bench_mode == "pocketbase" and "POST" or "PUT"
  return wrk.format(method, targets[i].path, targets[i].headers, string.format('{"n":%d,"by":"bench"}', n))
end
