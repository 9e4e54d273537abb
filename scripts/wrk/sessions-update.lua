-- The session hot path spread over many sessions (a fleet's traffic): each request
-- POSTs an `update` of `v1.height == 44` (scripts/gen-layout-doc) with another constant
-- to the edits of the next of the sessions listed, one path a line, in the file given
-- after `--`:
--   wrk ... -s scripts/wrk/sessions-update.lua http://127.0.0.1:PORT -- PATHS_FILE
-- The requests are made once, in init(), before the run (see session-update.lua).
local requests = {}
local n = 0

function init(args)
  local paths = {}
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  local headers = { ["Content-Type"] = "application/json" }
  for k = 0, 15 do
    local body = '{"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":'
      .. (40 + k * 0.5) .. '}]}]}'
    for p = 1, #paths do
      requests[#requests + 1] = wrk.format("POST", paths[p] .. "/edits", headers, body)
    end
  end
end

function request()
  n = n % #requests + 1
  return requests[n]
end
