-- A live session's other hot path: a window resize. Every request POSTs to the
-- session's edits a `setFrame` of the root view with another width:
--   {"ops":[{"op":"setFrame","view":"root","frame":{"x":0,"y":0,"width":321,"height":667}}]}
--   wrk ... -s scripts/wrk/session-setframe.lua http://127.0.0.1:PORT/v1/sessions/ID/edits
local n = 0
local headers = { ["Content-Type"] = "application/json" }

function request()
  n = n + 1
  local width = 320 + (n % 95)
  local body = '{"ops":[{"op":"setFrame","view":"root","frame":{"x":0,"y":0,"width":'
    .. width .. ',"height":667}}]}'
  return wrk.format("POST", nil, headers, body)
end
