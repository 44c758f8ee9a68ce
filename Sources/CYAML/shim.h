#ifndef PAGEGEN_CYAML_SHIM_H
#define PAGEGEN_CYAML_SHIM_H
#include <yaml.h>
#endif
