#ifndef TRELLIS_CSQLITE_SHIM_H
#define TRELLIS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
