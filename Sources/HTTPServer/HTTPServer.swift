// HTTPServer module: see README.md for what it knows and what it must not.
