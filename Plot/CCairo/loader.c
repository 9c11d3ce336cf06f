#include "loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const sonames[] = {"libcairo.so.2", "libX11.so.6", "libXrandr.so.2"};
static const char *const packages[] = {"libcairo2 (Debian, Ubuntu) or cairo", "libx11-6 (Debian, Ubuntu) or libX11",
                                       "libxrandr2 (Debian, Ubuntu) or libXrandr"};
static void *handles[3];
static char failures[3][384];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/// Loads `library` once; the answer (a handle, or why not) is kept. Each forwarder comes here only on its first call.
static void *load(enum decibel_plot_library library, char *message, size_t capacity) {
    pthread_mutex_lock(&loading);
    if (!handles[library] && failures[library][0] == 0) {
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            const char *reason = dlerror();
            snprintf(failures[library], sizeof failures[library], "plotting needs %s, which could not be loaded (%s); install %s",
                     sonames[library], reason ? reason : "not found", packages[library]);
        }
    }
    void *handle = handles[library];
    if (!handle && message && capacity > 0) snprintf(message, capacity, "%s", failures[library]);
    pthread_mutex_unlock(&loading);
    return handle;
}

bool decibel_plot_libraries_load(bool window, char *message, size_t capacity) {
    if (!load(DECIBEL_CAIRO, message, capacity)) return false;
    return !window || (load(DECIBEL_X11, message, capacity) && load(DECIBEL_XRANDR, message, capacity));
}

void *decibel_plot_symbol(enum decibel_plot_library library, const char *name) {
    char message[sizeof failures[0]];
    void *handle = load(library, message, sizeof message);
    if (!handle) {
        // A forwarder cannot return an error: the program called into Plot without asking first.
        fprintf(stderr, "%s\n", message);
        exit(70);
    }
    void *address = dlsym(handle, name);
    if (!address) {
        fprintf(stderr, "plotting needs %s from %s, which the installed version lacks\n", name, sonames[library]);
        exit(70);
    }
    return address;
}
