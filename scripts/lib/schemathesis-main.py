"""schemathesis' CLI, with one workaround for CPython 3.11 (run by scripts/check-schemathesis).

Hypothesis describes the lambdas of a strategy by parsing their module's source with `ast`
the first time it meets one (hypothesis.internal.lambda_sources.AST_LAMBDAS_CACHE).
schemathesis draws deeply nested request bodies, so that first parse can happen deep in the
stack, where CPython 3.11 before the fix of gh-106905 raises the spurious
"SystemError: AST constructor recursion depth mismatch"; schemathesis then reports a runtime
error of the tool (not a finding about the API). Parsing the modules of schemathesis and
hypothesis here, at the top of the stack, fills the cache so the deep parse never happens.
(Hypothesis keeps that cache per thread and schemathesis draws on worker threads, so it is
replaced by one shared dict.)
"""
import ast
import linecache
import pathlib
import sys

try:
    from hypothesis.internal import lambda_sources
    import hypothesis
    import schemathesis

    shared = {}
    for package in (schemathesis, hypothesis):
        root = pathlib.Path(package.__file__).parent
        for path in root.rglob("*.py"):
            try:
                # The key hypothesis looks up: inspect.findsource's lines of the module.
                lines = tuple(linecache.getlines(str(path)))
                shared[lines] = lambda_sources.extract_all_lambdas(ast.parse("".join(lines)))
            except Exception:
                pass
    lambda_sources.AST_LAMBDAS_CACHE = shared
except Exception:  # another hypothesis layout: run without the workaround
    pass

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
sys.argv[0] = "schemathesis"
from schemathesis.cli import schemathesis  # noqa: E402

sys.exit(schemathesis())
