-- Shared by every bench scenario script (loaded with dofile from each wrk Lua state).
--
-- Environment (set by bench/run):
--   BENCH_DATA     file with one record per line (tab-separated fields); optional
--   BENCH_THREADS  number of wrk threads (-t), to split BENCH_DATA between them
--   BENCH_MODE     "latchkey" or "pocketbase"
--   BENCH_CLIENT_ID  Latchkey-Client-Id header value (latchkey mode)
--
-- The main Lua state's setup(thread) gives each thread its own share of the data lines
-- (thread:set), and done() prints one machine-readable line:
--   BENCH_JSON {"requests":…,"duration_us":…,"p50_us":…,"p99_us":…,"statuses":{…},…}

bench_mode = os.getenv("BENCH_MODE") or "latchkey"

local bench_threads = {}
local bench_all_lines = nil

local function read_lines(path)
  local lines = {}
  if not path or path == "" then return lines end
  local f = assert(io.open(path, "r"))
  for line in f:lines() do
    if line ~= "" then lines[#lines + 1] = line end
  end
  f:close()
  return lines
end

-- Main state: hand thread number `tid` every line i with (i - 1) % nthreads == tid.
function setup(thread)
  local tid = #bench_threads
  bench_threads[#bench_threads + 1] = thread
  if bench_all_lines == nil then bench_all_lines = read_lines(os.getenv("BENCH_DATA")) end
  local nthreads = tonumber(os.getenv("BENCH_THREADS") or "1")
  local share = {}
  for i, line in ipairs(bench_all_lines) do
    if (i - 1) % nthreads == tid then share[#share + 1] = line end
  end
  thread:set("tid", tid)
  thread:set("data", table.concat(share, "\n"))
end

-- Thread state helpers -------------------------------------------------------------------

-- This thread's lines, each split on tabs.
function bench_records()
  local records = {}
  for line in string.gmatch(data or "", "[^\n]+") do
    local fields = {}
    for field in string.gmatch(line, "[^\t]+") do fields[#fields + 1] = field end
    records[#records + 1] = fields
  end
  return records
end

-- wrk.headers (Host and any -H) plus `extra`.
function bench_headers(extra)
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  if bench_mode == "latchkey" and os.getenv("BENCH_CLIENT_ID") then
    h["Latchkey-Client-Id"] = os.getenv("BENCH_CLIENT_ID")
  end
  for k, v in pairs(extra or {}) do h[k] = v end
  return h
end

-- Per-thread status counts, read by done() through thread:get.
statuses = {}
function bench_count(status)
  statuses[status] = (statuses[status] or 0) + 1
end

-- Default response handler: count statuses.
function response(status, headers, body)
  bench_count(status)
end

-- Main state: report.
function done(summary, latency, requests)
  local merged = {}
  local extra = {}
  for _, thread in ipairs(bench_threads) do
    local s = thread:get("statuses") or {}
    for status, n in pairs(s) do merged[status] = (merged[status] or 0) + n end
    for _, name in ipairs({"starved"}) do
      local v = thread:get(name)
      if type(v) == "number" then extra[name] = (extra[name] or 0) + v end
    end
  end
  local parts = {}
  for status, n in pairs(merged) do parts[#parts + 1] = string.format('"%d":%d', status, n) end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"mean_us":%.1f,"statuses":{%s},"err_connect":%d,"err_read":%d,"err_write":%d,"err_status":%d,' ..
    '"err_timeout":%d,"starved":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean, table.concat(parts, ","),
    e.connect, e.read, e.write, e.status, e.timeout, extra.starved or 0))
end
