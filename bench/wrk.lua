-- wrk's side of make bench: bench/bench.py writes the requests, this sends them.
-- Usage: wrk -t1 -c1 -d600s -s bench/wrk.lua URL -- REQUESTS_FILE RESULTS_FILE
--
-- Each line of REQUESTS_FILE is one request, tab-separated: a label (the page's
-- name), the method, the path, the body, then "Name: value" headers. They go
-- out in file order on one connection, closed loop, so the floor and each page
-- interleave exactly as bench.py laid them out, and every save gets its own
-- match and form token. Each answer's label, status, latency in microseconds
-- (clock_gettime through LuaJIT's ffi) and body size go to RESULTS_FILE; after
-- the last answer the process ends at once, instead of sleeping out -d (which
-- only bounds a run that hangs).

local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *now);
  void _exit(int status);
]])
local CLOCK_MONOTONIC = 1
local clock = ffi.new("bench_timespec")

local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1e6 + tonumber(clock.tv_nsec) / 1e3
end

local labels, requests, results = {}, {}, {}
local results_path
local sent_at = 0

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do
    fields[#fields + 1] = field
  end
  return fields
end

function init(args)
  results_path = args[2]
  for line in io.lines(args[1]) do
    local fields = split(line)
    local headers = {}
    for i = 5, #fields do
      local name, value = fields[i]:match("^([^:]+): (.*)$")
      headers[name] = value
    end
    local body = fields[4] ~= "" and fields[4] or nil
    labels[#labels + 1] = fields[1]
    requests[#requests + 1] = wrk.format(fields[2], fields[3], headers, body)
  end
end

function request()
  sent_at = now_us()
  return requests[#results + 1] or requests[#requests]
end

function response(status, headers, body)
  local took = now_us() - sent_at
  results[#results + 1] = string.format("%s\t%d\t%.1f\t%d", labels[#results + 1], status, took, #(body or ""))
  if #results >= #requests then
    local out = assert(io.open(results_path, "w"))
    out:write(table.concat(results, "\n"), "\n")
    out:close()
    ffi.C._exit(0)
  end
end
