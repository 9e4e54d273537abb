-- POST the same JSON body (a file) on every request.
--   wrk ... -s scripts/wrk/post-file.lua http://127.0.0.1:PORT/v1/layouts -- BODY.json
local request_bytes

function init(args)
  local path = args[1] or error("post-file.lua: give the body file after --")
  local f = assert(io.open(path, "rb"))
  local body = f:read("*a")
  f:close()
  request_bytes = wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, body)
end

function request()
  return request_bytes
end
