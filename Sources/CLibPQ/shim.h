#ifndef TRELLIS_CLIBPQ_SHIM_H
#define TRELLIS_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
