-- A live session's other hot path: a window resize. Every request POSTs to the
-- session's edits a `setFrame` of the root view with another width:
--   {"ops":[{"op":"setFrame","view":"root","frame":{"x":0,"y":0,"width":321,"height":667}}]}
--   wrk ... -s scripts/wrk/session-setframe.lua http://127.0.0.1:PORT/v1/sessions/ID/edits
-- The requests are made once, before the run (see session-update.lua).
local requests = {}
local n = 0

function init()
  local headers = { ["Content-Type"] = "application/json" }
  for k = 0, 94 do
    local body = '{"ops":[{"op":"setFrame","view":"root","frame":{"x":0,"y":0,"width":'
      .. (320 + k) .. ',"height":667}}]}'
    requests[k + 1] = wrk.format("POST", nil, headers, body)
  end
end

function request()
  n = n % #requests + 1
  return requests[n]
end
