#ifndef TRELLIS_CLIBUV_SHIM_H
#define TRELLIS_CLIBUV_SHIM_H
#include <uv.h>
#endif
