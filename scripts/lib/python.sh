# Sourced by the check scripts: Python packages, in the project's own virtual environment
# (.venv at the repository's root, made by scripts/setup or here), never in the system Python.
#
#   pip_ensure 'import-check' 'pip spec' ['import-check' 'pip spec' ...]
#     runs each import-check with the venv's python; for every one that fails, pip installs
#     its spec (pinned versions that exist on PyPI) into the venv.
#   $PY  the venv's python, for the scripts that import those packages.

PYROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PY=$PYROOT/.venv/bin/python3

# apt_install PACKAGE...: `apt-get update` (once per script run), then install, waiting for
# another apt that holds the lock rather than failing.
apt_install() {
  if [ -z "${TRELLIS_APT_UPDATED:-}" ]; then
    apt-get update -qq || return 1
    export TRELLIS_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -o DPkg::Lock::Timeout=120 -y -qq "$@" >/dev/null
}

# venv_ensure: makes .venv with `python3 -m venv` (Debian's python3-venv if it is missing).
venv_ensure() {
  [ -x "$PY" ] && "$PY" -m pip --version >/dev/null 2>&1 && return 0
  if ! python3 -m venv "$PYROOT/.venv" >/dev/null 2>&1; then
    rm -rf "$PYROOT/.venv"
    apt_install python3-venv || { echo "python.sh: cannot install python3-venv" >&2; return 1; }
    python3 -m venv "$PYROOT/.venv" || { echo "python.sh: cannot make $PYROOT/.venv" >&2; return 1; }
  fi
}

pip_ensure() {
  venv_ensure || return 1
  local missing=()
  while [ "$#" -ge 2 ]; do
    "$PY" -c "$1" >/dev/null 2>&1 || missing+=("$2")
    shift 2
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "pip install ${missing[*]} (into .venv)"
  "$PY" -m pip install -q --disable-pip-version-check "${missing[@]}"
}

# The validator brings jsonschema, referencing and PyYAML's users; PyYAML itself is pinned too.
OPENAPI_PACKAGES=(
  'import openapi_spec_validator, jsonschema, referencing' 'openapi-spec-validator==0.8.5'
  'import yaml' 'PyYAML==6.0.3'
)
SCHEMATHESIS_PACKAGES=(
  'import schemathesis, sys; sys.exit(0 if schemathesis.__version__.startswith("4.") else 1)' 'schemathesis==4.32.5'
)
# openapi-core checks recorded traffic against the spec (scripts/check-traffic); it wants
# openapi-spec-validator 0.8, hence that pin above.
TRAFFIC_PACKAGES=(
  'import openapi_core, sys; sys.exit(0 if openapi_core.__version__ == "0.23.1" else 1)' 'openapi-core==0.23.1'
)
