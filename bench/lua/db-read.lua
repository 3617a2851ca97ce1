-- Reads of one stored document of about 1 KB.
-- Data lines: "<Authorization header value or ->\t<path>"
--   Latchkey:   "Bearer <client_credentials token with database:admin>\t/bench/doc.json"
--   PocketBase: "-\t/api/collections/tree/records/<id>" (a public-view collection)
dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")

local reqs = {}
local i = 0
function init(args)
  for _, r in ipairs(bench_records()) do
    local extra = {}
    if r[1] ~= "-" then extra["Authorization"] = r[1] end
    reqs[#reqs + 1] = wrk.format("GET", r[2], bench_headers(extra))
  end
  assert(#reqs > 0, "db-read.lua: no targets for this thread")
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end
