-- wrk script: POST /api/leads as the contact form sends it with JavaScript (form fields, JSON answer), a new
-- address per request. Used for the group-commit figures in docs/performance.md (ADR 022), e.g. against a server
-- started with RATE_LIMIT_FACTOR=0 LEAD_MIN_FILL_MS=0:
--   wrk -t2 -c50 -d10s --latency -s bench/lead-post.lua http://127.0.0.1:3000
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Accept"] = "application/json"

local counter = 0

request = function()
  counter = counter + 1
  local body = "kind=contact&name=Bench+Visitor&email=bench" .. counter ..
    "%40example.com&interest=consulting&message=Benchmark+submission"
  return wrk.format(nil, "/api/leads", nil, body)
end

done = function(summary, latency, requests)
  io.write(string.format("requests %d, %.1f req/s, p50 %.1f ms, p99 %.1f ms, non-2xx %d, socket errors/timeouts %d\n",
    summary.requests, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
