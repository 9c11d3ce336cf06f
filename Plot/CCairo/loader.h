// What cairo_loader.c's generated forwarders share: which library each comes from, and how a forwarder finds
// the real function once and keeps it.
#ifndef DECIBEL_CCAIRO_LOADER_H
#define DECIBEL_CCAIRO_LOADER_H

#include "shim.h"

enum decibel_plot_library { DECIBEL_CAIRO, DECIBEL_X11, DECIBEL_XRANDR };

/// Every function the forwarders reach, by library (cairo_loader.c's table, ended by a NULL name): loading a
/// library checks it has them all, so one that lacks a function fails there, with a message, not mid-drawing.
struct decibel_plot_function {
    enum decibel_plot_library library;
    const char *name;
};
__attribute__((visibility("hidden"))) extern const struct decibel_plot_function decibel_plot_functions[];

/// The address of `name` in `library`, loading it first if need be. A forwarder cannot report an error to its
/// caller, so when the library cannot be loaded this prints why and what to install, and ends the program.
__attribute__((visibility("hidden"))) void *decibel_plot_symbol(enum decibel_plot_library library, const char *name);

/// The forwarders are hidden: the program's own calls reach them, while the real libraries' functions stay
/// what every other library in the process (GTK's own Cairo calls, say) binds to.
#define DECIBEL_FORWARD __attribute__((visibility("hidden")))

/// Declares `resolved`, the real `name`, looked up on the first call (a benign race: both writers store the same
/// address).
#define DECIBEL_RESOLVE(library, name)                                                   \
    static __typeof__(name) *cached;                                                     \
    __typeof__(name) *resolved = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);             \
    if (!resolved) {                                                                     \
        resolved = (__typeof__(name) *)decibel_plot_symbol(library, #name);              \
        __atomic_store_n(&cached, resolved, __ATOMIC_RELEASE);                           \
    }

#endif
