-- POST the JSON bodies of a file, one a line, in turn (a frontend re-POSTing a screen with
-- other numbers: scripts/gen-screen-doc SHAPE --variants N):
--   wrk ... -s scripts/wrk/post-lines.lua http://127.0.0.1:PORT/v1/layouts -- BODIES_FILE
-- Every request is formatted once, in init(), before the run: a request() that builds its
-- request caps wrk itself near 68 k/s here, below the anchor's own rate.
local requests = {}
local n = 0

function init(args)
  local path = args[1] or error("post-lines.lua: give the bodies file after --")
  local headers = { ["Content-Type"] = "application/json" }
  for line in io.lines(path) do
    if #line > 0 then requests[#requests + 1] = wrk.format("POST", nil, headers, line) end
  end
  if #requests == 0 then error("post-lines.lua: no bodies in " .. path) end
end

function request()
  n = n % #requests + 1
  return requests[n]
end
