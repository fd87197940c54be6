-- wrk script: a contact form submission, a new address per request. Used for the group-commit figures in
-- docs/performance.md (ADR 022), e.g. against a server started with RATE_LIMIT_FACTOR=0 LEAD_MIN_FILL_MS=0:
--   wrk -t2 -c50 -d10s --latency -s bench/lead-post.lua http://127.0.0.1:3000
-- By default it posts to /api/leads as the contact page does with JavaScript (form fields, JSON answer). With
-- LEAD_POST=page it posts the same fields to /contact as a browser without JavaScript does (the page's own action,
-- answered with a 303 to the confirmation page, which the script does not follow).
local page = os.getenv("LEAD_POST") == "page"

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
if not page then
  wrk.headers["Accept"] = "application/json"
end

local counter = 0

request = function()
  counter = counter + 1
  local body = "name=Bench+Visitor&email=bench" .. counter ..
    "%40example.com&interest=consulting&message=Benchmark+submission"
  if page then
    return wrk.format(nil, "/contact", nil, body)
  end
  return wrk.format(nil, "/api/leads", nil, "kind=contact&" .. body)
end

done = function(summary, latency, requests)
  io.write(string.format("requests %d, %.1f req/s, p50 %.1f ms, p99 %.1f ms, non-2xx/3xx %d, socket errors/timeouts %d\n",
    summary.requests, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
