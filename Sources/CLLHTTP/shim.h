#ifndef TRELLIS_CLLHTTP_SHIM_H
#define TRELLIS_CLLHTTP_SHIM_H
#include <llhttp.h>
#endif
