// The names of the GTK functions DecibelGTK resolves at run time, in the table's order.
#include "decibel_gtk.h"

#define DECIBEL_GTK_NAME(name) #name,
static const char *const names[] = { DECIBEL_GTK_FUNCTIONS(DECIBEL_GTK_NAME) NULL };

const char *decibel_gtk_function_name(size_t index) {
    return index < sizeof(names) / sizeof(names[0]) ? names[index] : NULL;
}
