# Trellis in a container: build with the Swift toolchain, run on a slim Debian.
#   docker build -t trellis .
#   docker run --rm -p 8080:8080 -v trellis-state:/var/lib/trellis trellis
# Every TRELLIS_* variable of `trellis serve --help` applies (docker run -e ...); the port is
# TRELLIS_PORT (default 8080) for both serve and the health check.

# The toolchain CI and development use (Swift 6.3.1); any 6.x image on Debian 12 should do.
ARG SWIFT_IMAGE=swift:6.3-bookworm
FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY . .
# Build, then collect the shared libraries the binary needs that the runtime image lacks:
# the Swift runtime (libswiftCore, Foundation, Dispatch, ...) and anything scripts/setup
# installed into /usr/local.
RUN scripts/setup \
 && swift build -c release --product trellis \
 && mkdir -p /out/lib \
 && cp "$(swift build -c release --show-bin-path)/trellis" /out/trellis \
 && ldd /out/trellis | awk '$3 ~ /\/lib\/swift\/linux\/|^\/usr\/local\// { print $3 }' | xargs -r -I{} cp -L {} /out/lib/

FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libuv1 libsqlite3-0 libstdc++6 libgcc-s1 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin trellis \
 && mkdir -p /var/lib/trellis && chown trellis /var/lib/trellis
COPY --from=build /out/lib/ /usr/lib/trellis/
COPY --from=build /out/trellis /usr/local/bin/trellis
ENV LD_LIBRARY_PATH=/usr/lib/trellis
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
