// What cairo_loader.c's generated forwarders share: which library each comes from, and how a forwarder finds
// the real function once and keeps it.
#ifndef DECIBEL_CCAIRO_LOADER_H
#define DECIBEL_CCAIRO_LOADER_H

#include "shim.h"

enum decibel_plot_library { DECIBEL_CAIRO, DECIBEL_X11, DECIBEL_XRANDR };

/// The address of `name` in `library`, loading the libraries first if need be; ends the program with a message
/// naming what to install if they cannot be loaded (a forwarder cannot report an error to its caller).
void *decibel_plot_symbol(enum decibel_plot_library library, const char *name);

/// The forwarders are hidden: the program's own calls reach them, while the real libraries' functions stay
/// what every other library in the process (GTK's own Cairo calls, say) binds to.
#define DECIBEL_FORWARD __attribute__((visibility("hidden")))

/// Declares `resolved`, the real `name`, looked up on the first call (a relaxed race: both writers store the same
/// address).
#define DECIBEL_RESOLVE(library, name)                                                   \
    static __typeof__(name) *cached;                                                     \
    __typeof__(name) *resolved = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);             \
    if (!resolved) {                                                                     \
        resolved = (__typeof__(name) *)decibel_plot_symbol(library, #name);              \
        __atomic_store_n(&cached, resolved, __ATOMIC_RELEASE);                           \
    }

#endif
