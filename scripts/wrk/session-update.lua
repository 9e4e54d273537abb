-- A live session's hot path: SnapKit updateConstraints of one constant.
-- Every request POSTs to the session's edits an `update` of `v1.height == 44`
-- (made by scripts/gen-layout-doc) with another constant, so each one really
-- changes the layout:
--   {"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":44.5}]}]}
--   wrk ... -s scripts/wrk/session-update.lua http://127.0.0.1:PORT/v1/sessions/ID/edits
local n = 0
local headers = { ["Content-Type"] = "application/json" }

function request()
  n = n + 1
  local height = 40 + (n % 16) * 0.5
  local body = '{"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":'
    .. height .. '}]}]}'
  return wrk.format("POST", nil, headers, body)
end
