# Sourced by the check scripts: Python packages, installed with pip only when missing.
#
#   pip_ensure 'import-check' 'pip spec' ['import-check' 'pip spec' ...]
#     runs each import-check with python3 -c; for every one that fails, pip installs its spec
#     (pinned versions that exist on PyPI). Falls back to --break-system-packages on an
#     "externally managed" Python, and installs python3-pip with apt-get if pip is absent.

pip_ensure() {
  local missing=()
  while [ "$#" -ge 2 ]; do
    python3 -c "$1" >/dev/null 2>&1 || missing+=("$2")
    shift 2
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "pip install ${missing[*]}"
  if ! python3 -m pip --version >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
  fi
  python3 -m pip install -q --disable-pip-version-check "${missing[@]}" \
    || python3 -m pip install -q --disable-pip-version-check --break-system-packages "${missing[@]}"
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
