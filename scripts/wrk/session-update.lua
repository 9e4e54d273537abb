-- A live session's hot path: SnapKit updateConstraints of one constant.
-- Every request POSTs to the session's edits an `update` of `v1.height == 44`
-- (made by scripts/gen-layout-doc) with another constant, so each one really
-- changes the layout:
--   {"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":44.5}]}]}
--   wrk ... -s scripts/wrk/session-update.lua http://127.0.0.1:PORT/v1/sessions/ID/edits
-- The requests are made once, before the run: building each in request() caps wrk
-- well below what the anchor answers.
local requests = {}
local n = 0

function init()
  local headers = { ["Content-Type"] = "application/json" }
  for k = 0, 15 do
    local body = '{"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":'
      .. (40 + k * 0.5) .. '}]}]}'
    requests[k + 1] = wrk.format("POST", nil, headers, body)
  end
end

function request()
  n = n % #requests + 1
  return requests[n]
end
