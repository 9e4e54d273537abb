# Sourced by the check and bench scripts: build `trellis`, run it on a free loopback port.
#
#   trellis_binary [debug|release]     builds the trellis product (a no-op when up to date,
#                                      e.g. after scripts/test's `swift build`) and prints its path;
#                                      TRELLIS_BIN=path skips the build and uses that binary
#   start_trellis BINARY DIR [ARGS]    starts `trellis serve --host 127.0.0.1 --port 0 ARGS` with
#                                      stdout/stderr in DIR/server.out and DIR/server.log; sets
#                                      server_pid and base (http://127.0.0.1:PORT); unless ARGS
#                                      name a --state-dir, sessions are stored in DIR/state, emptied
#                                      first (each run starts with no sessions)
#   stop_trellis                       SIGTERM and wait (install it as an EXIT trap)
#
# Callers run from the repository root.

trellis_binary() {
  local config=${1:-debug} log
  if [ -n "${TRELLIS_BIN:-}" ]; then echo "$TRELLIS_BIN"; return; fi   # a binary given by the caller
  log=$(mktemp)
  if ! swift build -c "$config" --product trellis >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "swift build -c $config --product trellis failed" >&2
    return 1
  fi
  rm -f "$log"
  echo "$(swift build -c "$config" --show-bin-path)/trellis"
}

server_pid=""
base=""

start_trellis() {
  local bin=$1 dir=$2 port=""
  shift 2
  mkdir -p "$dir"
  : >"$dir/server.out"
  case " $* " in
    *" --state-dir"*) ;;
    *) rm -rf "$dir/state"; set -- --state-dir "$dir/state" "$@" ;;
  esac
  "$bin" serve --host 127.0.0.1 --port 0 "$@" >"$dir/server.out" 2>"$dir/server.log" &
  server_pid=$!
  for _ in $(seq 600); do
    port=$(sed -n 's|^trellis listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$dir/server.out")
    [ -n "$port" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
      echo "trellis serve exited at start:" >&2; tail -n 20 "$dir/server.log" >&2
      server_pid=""
      return 1
    fi
    sleep 0.1
  done
  [ -n "$port" ] || { echo "trellis serve did not print its port within 60 s" >&2; return 1; }
  base="http://127.0.0.1:$port"
  curl -sf -o /dev/null --max-time 10 "$base/healthz" || { echo "trellis serve does not answer /healthz" >&2; return 1; }
}

stop_trellis() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
