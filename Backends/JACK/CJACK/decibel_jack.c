// Calls into libjack that Swift cannot make itself, always through pointers resolved at run time.
#include "decibel_jack.h"

jack_client_t *decibel_jack_client_open(const decibel_jack_api *api, const char *client_name,
                                        jack_options_t options, jack_status_t *status, const char *server_name) {
    typedef jack_client_t *(*open_fn)(const char *, jack_options_t, jack_status_t *, ...);
    open_fn open = (open_fn)api->client_open;
    if (open == NULL) {
        if (status) *status = JackFailure;
        return NULL;
    }
    if (server_name != NULL) {
        return open(client_name, (jack_options_t)(options | JackServerName), status, server_name);
    }
    return open(client_name, options, status);
}

const char *decibel_jack_audio_type(void) { return JACK_DEFAULT_AUDIO_TYPE; }
