# Trellis in a container: build with the Swift toolchain, run on a slim Debian.
#   docker build -t trellis .
#   docker run --rm -p 8080:8080 -v trellis-state:/var/lib/trellis trellis
# With podman or buildah, build with `--format docker`: the OCI image format has no
# HEALTHCHECK, and they drop it from OCI images (a warning says so); docker keeps it.
# Every TRELLIS_* variable of `trellis serve --help` applies (docker run -e ...); the port is
# TRELLIS_PORT (default 8080) for both serve and the health check.

# Fully qualified names: podman and buildah refuse short ones without a registries.conf
# alias. The toolchain CI and development use is Swift 6.3.1; any 6.x image on Debian 12
# should do.
ARG SWIFT_IMAGE=docker.io/library/swift:6.3-bookworm
ARG RUNTIME_IMAGE=docker.io/library/debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
# The system libraries and the package dependencies first, each in a layer of its own: a
# change to the sources rebuilds from the `COPY . .` below and fetches nothing again.
COPY scripts/setup scripts/setup
COPY Package.swift ./
COPY Sources/CLibUV Sources/CLibUV
COPY Sources/CLLHTTP Sources/CLLHTTP
COPY Sources/CSQLite Sources/CSQLite
COPY Sources/CLibPQ Sources/CLibPQ
COPY Sources/CZlib Sources/CZlib
RUN scripts/setup
COPY . .
# The Swift runtime (and Foundation) linked in: the binary needs only the distribution's
# libuv, SQLite, libpq and zlib, which the runtime image installs.
RUN swift build -c release --product trellis --static-swift-stdlib \
 && cp "$(swift build -c release --show-bin-path)/trellis" /trellis

FROM ${RUNTIME_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libuv1 libsqlite3-0 libpq5 zlib1g libstdc++6 libgcc-s1 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin trellis \
 && mkdir -p /var/lib/trellis && chown trellis /var/lib/trellis
COPY --from=build /trellis /usr/local/bin/trellis
USER trellis
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["trellis", "healthcheck"]
# The image listens on every address unless -e TRELLIS_HOST=... says otherwise.
ENV TRELLIS_HOST=0.0.0.0
# Sessions survive restarts in this volume (docs/durability.md); -e TRELLIS_STATE_DIR=none
# keeps them in memory only.
ENV TRELLIS_STATE_DIR=/var/lib/trellis
VOLUME /var/lib/trellis
CMD ["trellis", "serve"]
