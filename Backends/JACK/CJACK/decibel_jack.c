// Calls into libjack that Swift cannot make itself, always through pointers resolved at run time.
#define _GNU_SOURCE
#include <dlfcn.h>
#include "decibel_jack.h"

#define DECIBEL_JACK_NAME(name) #name,
static const char *const names[] = { DECIBEL_JACK_FUNCTIONS(DECIBEL_JACK_NAME) NULL };

const char *decibel_jack_function_name(size_t index) {
    return index < sizeof(names) / sizeof(names[0]) ? names[index] : NULL;
}

jack_client_t *decibel_jack_client_open(const decibel_jack_api *api, const char *client_name,
                                        jack_options_t options, jack_status_t *status, const char *server_name) {
    if (server_name != NULL) {
        return api->jack_client_open(client_name, (jack_options_t)(options | JackServerName), status, server_name);
    }
    return api->jack_client_open(client_name, options, status);
}

const char *decibel_jack_audio_type(void) { return JACK_DEFAULT_AUDIO_TYPE; }

const char *decibel_jack_defining_file(const void *symbol) {
    Dl_info info;
    if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
    return info.dli_fname;
}
