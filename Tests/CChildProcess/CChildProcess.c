// posix_spawn_file_actions_addchdir_np and posix_spawn_file_actions_addclosefrom_np
// are GNU extensions on Linux, declared only with _GNU_SOURCE, which Swift's Glibc
// module is not built with: hence this file, in C.
#define _GNU_SOURCE
#include "CChildProcess.h"

#include <fcntl.h>
#include <spawn.h>

#ifdef __APPLE__
#include <crt_externs.h>
#define environ (*_NSGetEnviron())
#else
#include <unistd.h>
#endif

int pagegen_spawn(pid_t *child, const char *path, char *const argv[], const char *directory, int output, int errors)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) {
        return result;
    }
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    if (result == 0) {
        result = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    }
    if (result == 0) {
        result = posix_spawn_file_actions_adddup2(&actions, output, 1);
    }
    if (result == 0) {
        result = posix_spawn_file_actions_adddup2(&actions, errors, 2);
    }
    if (result == 0 && directory != NULL) {
        result = posix_spawn_file_actions_addchdir_np(&actions, directory);
    }
#ifdef __APPLE__
    // Every descriptor that no file action names is closed in the child.
    if (result == 0) {
        result = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_CLOEXEC_DEFAULT);
    }
#else
    if (result == 0) {
        result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    }
#endif
    if (result == 0) {
        result = posix_spawn(child, path, &actions, &attributes, argv, environ);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}
