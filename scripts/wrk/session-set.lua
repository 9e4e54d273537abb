-- SnapKit's `constraint.update(offset:)` on a kept handle: every request POSTs to the
-- session's edits a `set` of constraint c1 (`v1.height == 44`, the first constraint
-- scripts/gen-layout-doc makes) with another constant: the same change as
-- session-update.lua, named by id instead of matched.
--   {"ops":[{"op":"set","ids":["c1"],"to":44.5}]}
--   wrk ... -s scripts/wrk/session-set.lua http://127.0.0.1:PORT/v1/sessions/ID/edits
-- The requests are made once, before the run (see session-update.lua).
local requests = {}
local n = 0

function init()
  local headers = { ["Content-Type"] = "application/json" }
  for k = 0, 15 do
    local body = '{"ops":[{"op":"set","ids":["c1"],"to":' .. (40 + k * 0.5) .. '}]}'
    requests[k + 1] = wrk.format("POST", nil, headers, body)
  end
end

function request()
  n = n % #requests + 1
  return requests[n]
end
