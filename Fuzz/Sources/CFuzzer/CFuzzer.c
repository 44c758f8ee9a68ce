// The declaration in include/CFuzzer.h is all this target holds; libFuzzer defines it.
#include "CFuzzer.h"
