#include "loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static const char *const sonames[] = {"libcairo.so.2", "libX11.so.6", "libXrandr.so.2"};
static const char *const packages[] = {"libcairo2 (Debian, Ubuntu) or cairo", "libx11-6 (Debian, Ubuntu) or libX11",
                                       "libxrandr2 (Debian, Ubuntu) or libXrandr"};
static void *handles[3];
static char failures[3][1024];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/// `library` opened and checked for every function the forwarders reach, or NULL with `failures[library]` saying
/// why (what to install last, so a long reason cannot cut it off).
static void *open_library(enum decibel_plot_library library) {
    void *handle = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(failures[library], sizeof failures[library],
                 "plotting needs %s, which could not be loaded (%s); install %s", sonames[library],
                 reason ? reason : "not found", packages[library]);
        return NULL;
    }
    for (const struct decibel_plot_function *function = decibel_plot_functions; function->name; function++) {
        if (function->library != library || dlsym(handle, function->name)) continue;
        snprintf(failures[library], sizeof failures[library],
                 "plotting needs %s from %s, which the installed version lacks; install a newer %s", function->name,
                 sonames[library], packages[library]);
        dlclose(handle);
        return NULL;
    }
    return handle;
}

/// Loads `library` once; the answer (a handle, or why not) is kept. Each forwarder comes here only on its first call.
static void *load(enum decibel_plot_library library, char *message, size_t capacity) {
    pthread_mutex_lock(&loading);
    if (!handles[library] && failures[library][0] == 0) handles[library] = open_library(library);
    void *handle = handles[library];
    if (!handle && message && capacity > 0) snprintf(message, capacity, "%s", failures[library]);
    pthread_mutex_unlock(&loading);
    return handle;
}

__attribute__((visibility("hidden"))) bool decibel_plot_libraries_load(bool window, char *message, size_t capacity) {
    if (!load(DECIBEL_CAIRO, message, capacity)) return false;
    return !window || (load(DECIBEL_X11, message, capacity) && load(DECIBEL_XRANDR, message, capacity));
}

void *decibel_plot_symbol(enum decibel_plot_library library, const char *name) {
    char message[sizeof failures[0]];
    void *handle = load(library, message, sizeof message);
    // Checked when loaded: a handle has every forwarded function.
    if (handle) return dlsym(handle, name);
    // A forwarder cannot return an error: the program drew without asking decibel_plot_libraries_load first.
    // _exit, not exit: this may be any thread, and other threads are running.
    dprintf(STDERR_FILENO, "%s\n", message);
    _exit(70);
}
