#ifndef PAGEGEN_CFUZZER_H
#define PAGEGEN_CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 12 and later): runs the fuzzer with the command line's
/// options, calling `callback` with every input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
