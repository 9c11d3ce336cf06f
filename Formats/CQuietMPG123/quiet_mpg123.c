#define _GNU_SOURCE
#include "quiet_mpg123.h"
#include <dlfcn.h>
#include <stddef.h>

// From mpg123.h (not needed at build time: libmpg123's headers are not installed with libsndfile's).
enum { MPG123_ADD_FLAGS = 2, MPG123_QUIET = 0x20, MPG123_ERR = -1 };
typedef struct mpg123_handle_struct mpg123_handle;
typedef mpg123_handle *(*mpg123_new_function)(const char *decoder, int *error);
typedef int (*mpg123_param_function)(mpg123_handle *handle, int type, long value, double fvalue);

static int quiet_handles;

int decibel_mpg123_quiet_handles(void) { return __atomic_load_n(&quiet_handles, __ATOMIC_RELAXED); }

mpg123_handle *mpg123_new(const char *decoder, int *error) {
    // The next definitions in the lookup order are libmpg123's own.
    mpg123_new_function create = (mpg123_new_function)dlsym(RTLD_NEXT, "mpg123_new");
    mpg123_param_function param = (mpg123_param_function)dlsym(RTLD_NEXT, "mpg123_param");
    if (!create) {
        if (error) *error = MPG123_ERR;
        return NULL;
    }
    mpg123_handle *handle = create(decoder, error);
    if (handle && param && param(handle, MPG123_ADD_FLAGS, MPG123_QUIET, 0) == 0) {
        __atomic_store_n(&quiet_handles, 1, __ATOMIC_RELAXED);
    }
    return handle;
}
