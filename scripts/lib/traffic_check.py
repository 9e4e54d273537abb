"""Checks recorded traffic against openapi.yaml with openapi-core (an independent validator).

Reads the JSON lines the server writes under TRELLIS_EXCHANGE_LOG (one request and its answer
each) and, for every exchange whose path and method are an operation of the spec:
  - an accepted request (status below 400) must be a valid request of that operation: a spec
    stricter than the server shows up here;
  - every answer must be one of the operation's responses: status, headers, media type, body.
HEAD is checked as the GET it mirrors. Exchanges outside the spec (an unknown route, a method
a path does not have) are counted, not checked: their answers are the generic 404/405.
Usage: traffic_check.py openapi.yaml FILE...
"""
import base64, collections, gzip, json, sys

import yaml
from urllib.parse import parse_qs

from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_core.templating.paths.exceptions import PathNotFound, OperationNotFound, ServerNotFound

spec_path, files = sys.argv[1], sys.argv[2:]
# problem+json is JSON, and the spec's YAML is checked as the document it parses to: the
# validator reads them so only when told.
api = OpenAPI.from_file_path(spec_path, config=Config(
    extra_media_type_deserializers={
        "application/problem+json": json.loads, "application/yaml": yaml.safe_load,
        **{t: (lambda b: b.decode("utf-8") if isinstance(b, bytes) else b)
           for t in ("text/html", "text/css", "text/javascript", "text/plain")}}))
HOST = "http://127.0.0.1:8080"

def media(headers):
    return (headers.get("content-type") or "").split(";")[0].strip() or None

counts = collections.Counter()
failures = collections.OrderedDict()

def explain(e):
    """The validator's own words, down to the schema errors that caused it."""
    parts, seen = [str(e)[:200]], e
    while seen is not None:
        for err in list(getattr(seen, "schema_errors", None) or [])[:3]:
            parts.append("at %s: %s" % ("/".join(str(p) for p in err.absolute_path), err.message[:300]))
        seen = seen.__cause__ or seen.__context__
    return "; ".join(parts)

def fail(key, detail):
    if key not in failures:
        failures[key] = [0, detail]
    failures[key][0] += 1

for name in files:
    with open(name, encoding="utf-8", errors="replace") as f:
        for raw in f:
            try:
                x = json.loads(raw)
            except ValueError:
                counts["unreadable (a server killed mid-line)"] += 1
                continue
            method = x["method"].lower()
            if method == "head":
                method = "get"
            req_headers = x["requestHeaders"]
            body = x["requestBody"].encode()
            request = MockRequest(HOST, method, x["path"], args={k: v[0] for k, v in parse_qs(x["query"]).items()},
                                  headers=req_headers, data=body if body else None, content_type=media(req_headers))
            resp_headers = x["responseHeaders"]
            if "responseBodyBase64" in x:  # an encoded body (gzip): checked as what it decodes to
                answer = gzip.decompress(base64.b64decode(x["responseBodyBase64"]))
                resp_headers = {k: v for k, v in resp_headers.items() if k != "content-encoding"}
            else:
                answer = x["responseBody"].encode()
            response = MockResponse(answer, status_code=x["status"],
                                    headers={k: v for k, v in resp_headers.items()}, content_type=media(resp_headers))
            where = "%s %s -> %d" % (x["method"], x["path"] if len(x["path"]) < 40 else x["path"][:40] + "...", x["status"])
            try:
                if x["status"] < 400:
                    api.validate_request(request)
                    counts["requests checked"] += 1
            except (PathNotFound, OperationNotFound, ServerNotFound):
                counts["outside the spec"] += 1
                continue
            except Exception as e:  # noqa: BLE001 - every validation error is a finding
                detail = explain(e)
                fail(("request", type(e).__name__, x["method"], x["status"]), "%s: %s\n      body: %s" % (where, detail, x["requestBody"][:300]))
            try:
                api.validate_response(request, response)
                counts["answers checked"] += 1
            except (PathNotFound, OperationNotFound, ServerNotFound):
                counts["outside the spec"] += 1
            except Exception as e:  # noqa: BLE001
                detail = explain(e)
                fail(("answer", type(e).__name__, x["method"], x["status"]), "%s: %s\n      answer: %s" % (where, detail, answer[:300].decode(errors="replace")))

print("traffic: " + ", ".join("%s %d" % (k, v) for k, v in sorted(counts.items())))
for (kind, error, method, status), (n, example) in failures.items():
    print("MISMATCH (%s, %s) x%d\n    e.g. %s" % (kind, error, n, example))
if counts["answers checked"] == 0:
    print("no exchange was checked: is TRELLIS_EXCHANGE_LOG set where the traffic runs?")
    sys.exit(1)
sys.exit(1 if failures else 0)
