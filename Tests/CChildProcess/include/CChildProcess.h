#ifndef PAGEGEN_CCHILDPROCESS_H
#define PAGEGEN_CCHILDPROCESS_H

#include <sys/types.h>

/// Starts the program at `path` with `argv` (ending with NULL) and the caller's
/// environment, in `directory` (NULL: the caller's), with /dev/null as its standard
/// input, `output` as its standard output, `errors` as its standard error, and no
/// other file descriptor of the caller. Stores its process identifier in `child`.
///
/// Returns 0, or the error number of the step that failed.
int pagegen_spawn(pid_t *child, const char *path, char *const argv[], const char *directory, int output, int errors);

#endif
