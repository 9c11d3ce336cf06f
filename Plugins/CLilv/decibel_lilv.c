#include "decibel_lilv.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/options/options.h>
#include <lv2/urid/urid.h>

static const char *const function_names[] = {
#define DECIBEL_LILV_NAME(name) #name,
    DECIBEL_LILV_FUNCTIONS(DECIBEL_LILV_NAME)
#undef DECIBEL_LILV_NAME
};

const char *decibel_lilv_function_name(size_t index) {
    return index < sizeof(function_names) / sizeof(function_names[0]) ? function_names[index] : NULL;
}

// The process-wide URID table: URIs in the order first mapped; URID n is entry n - 1. Plugins map at
// instantiation (a control thread); the lock keeps concurrent instantiations apart.
static pthread_mutex_t urid_lock = PTHREAD_MUTEX_INITIALIZER;
static char **urid_uris = NULL;
static uint32_t urid_count = 0, urid_capacity = 0;

LV2_URID decibel_lv2_urid(const char *uri) {
    pthread_mutex_lock(&urid_lock);
    LV2_URID found = 0;
    for (uint32_t i = 0; i < urid_count && !found; i++) {
        if (strcmp(urid_uris[i], uri) == 0) found = i + 1;
    }
    if (!found) {
        if (urid_count == urid_capacity) {
            uint32_t capacity = urid_capacity ? urid_capacity * 2 : 64;
            char **grown = realloc(urid_uris, capacity * sizeof(char *));
            if (grown) urid_uris = grown, urid_capacity = capacity;
        }
        if (urid_count < urid_capacity) {
            urid_uris[urid_count] = strdup(uri);
            found = ++urid_count;
        }
    }
    pthread_mutex_unlock(&urid_lock);
    return found;
}

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri) {
    (void)handle;
    return decibel_lv2_urid(uri);
}

static const char *unmap_urid(LV2_URID_Unmap_Handle handle, LV2_URID urid) {
    (void)handle;
    pthread_mutex_lock(&urid_lock);
    const char *uri = urid >= 1 && urid <= urid_count ? urid_uris[urid - 1] : NULL;
    pthread_mutex_unlock(&urid_lock);
    return uri;
}

struct decibel_lv2_host {
    LV2_URID_Map map;
    LV2_URID_Unmap unmap;
    int32_t min_block, max_block, sequence_size;
    float sample_rate;
    LV2_Options_Option options[5];
    LV2_Feature map_feature, unmap_feature, options_feature, bounded_feature;
    const LV2_Feature *features[5];
};

decibel_lv2_host *decibel_lv2_host_new(double sample_rate, uint32_t max_block) {
    decibel_lv2_host *host = calloc(1, sizeof(decibel_lv2_host));
    host->map = (LV2_URID_Map){.handle = NULL, .map = map_uri};
    host->unmap = (LV2_URID_Unmap){.handle = NULL, .unmap = unmap_urid};
    host->min_block = 1;
    host->max_block = (int32_t)max_block;
    host->sequence_size = 8192;
    host->sample_rate = (float)sample_rate;
    LV2_URID atom_int = decibel_lv2_urid(LV2_ATOM__Int), atom_float = decibel_lv2_urid(LV2_ATOM__Float);
    host->options[0] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, decibel_lv2_urid(LV2_BUF_SIZE__minBlockLength),
                                            sizeof(int32_t), atom_int, &host->min_block};
    host->options[1] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, decibel_lv2_urid(LV2_BUF_SIZE__maxBlockLength),
                                            sizeof(int32_t), atom_int, &host->max_block};
    host->options[2] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, decibel_lv2_urid(LV2_BUF_SIZE__sequenceSize),
                                            sizeof(int32_t), atom_int, &host->sequence_size};
    host->options[3] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0,
                                            decibel_lv2_urid("http://lv2plug.in/ns/ext/parameters#sampleRate"),
                                            sizeof(float), atom_float, &host->sample_rate};
    host->options[4] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL};
    host->map_feature = (LV2_Feature){LV2_URID__map, &host->map};
    host->unmap_feature = (LV2_Feature){LV2_URID__unmap, &host->unmap};
    host->options_feature = (LV2_Feature){LV2_OPTIONS__options, host->options};
    host->bounded_feature = (LV2_Feature){LV2_BUF_SIZE__boundedBlockLength, NULL};
    host->features[0] = &host->map_feature;
    host->features[1] = &host->unmap_feature;
    host->features[2] = &host->options_feature;
    host->features[3] = &host->bounded_feature;
    host->features[4] = NULL;
    return host;
}

void decibel_lv2_host_free(decibel_lv2_host *host) { free(host); }

const LV2_Feature *const *decibel_lv2_host_features(decibel_lv2_host *host) { return host->features; }
LV2_URID_Map *decibel_lv2_host_map(decibel_lv2_host *host) { return &host->map; }
LV2_URID_Unmap *decibel_lv2_host_unmap(decibel_lv2_host *host) { return &host->unmap; }

bool decibel_lv2_host_supports(const char *uri) {
    static const char *const provided[] = {
        LV2_URID__map, LV2_URID__unmap, LV2_OPTIONS__options, LV2_BUF_SIZE__boundedBlockLength,
        LV2_CORE__isLive, LV2_CORE__inPlaceBroken, LV2_CORE__hardRTCapable,
    };
    for (size_t i = 0; i < sizeof(provided) / sizeof(provided[0]); i++) {
        if (strcmp(provided[i], uri) == 0) return true;
    }
    return false;
}

void decibel_atom_sequence_clear(void *buffer, uint32_t capacity, LV2_URID sequence_type) {
    (void)capacity;
    LV2_Atom_Sequence *sequence = buffer;
    sequence->atom.size = sizeof(LV2_Atom_Sequence_Body);
    sequence->atom.type = sequence_type;
    sequence->body.unit = 0;
    sequence->body.pad = 0;
}

bool decibel_atom_sequence_append(void *buffer, uint32_t capacity, int64_t frames, LV2_URID type, const void *data,
                                  uint32_t size) {
    LV2_Atom_Sequence *sequence = buffer;
    uint32_t used = (uint32_t)sizeof(LV2_Atom) + sequence->atom.size;
    uint32_t needed = (uint32_t)sizeof(LV2_Atom_Event) + ((size + 7u) & ~7u);
    if (used + needed > capacity) return false;
    LV2_Atom_Event *event = (LV2_Atom_Event *)((char *)buffer + used);
    event->time.frames = frames;
    event->body.size = size;
    event->body.type = type;
    memcpy(event + 1, data, size);
    sequence->atom.size += needed;
    return true;
}

void decibel_atom_sequence_prepare_output(void *buffer, uint32_t capacity, LV2_URID chunk_type) {
    LV2_Atom *atom = buffer;
    atom->size = capacity - (uint32_t)sizeof(LV2_Atom);
    atom->type = chunk_type;
}

const void *decibel_lv2_get_port_value(const char *symbol, void *user_data, uint32_t *size, uint32_t *type) {
    decibel_lv2_port_values *ports = user_data;
    for (uint32_t i = 0; i < ports->count; i++) {
        if (ports->symbols[i] && strcmp(ports->symbols[i], symbol) == 0) {
            *size = sizeof(float);
            *type = decibel_lv2_urid(LV2_ATOM__Float);
            return &ports->values[i];
        }
    }
    *size = *type = 0;
    return NULL;
}

void decibel_lv2_set_port_value(const char *symbol, void *user_data, const void *value, uint32_t size,
                                uint32_t type) {
    decibel_lv2_port_values *ports = user_data;
    if (size != sizeof(float) || type != decibel_lv2_urid(LV2_ATOM__Float)) return;
    for (uint32_t i = 0; i < ports->count; i++) {
        if (ports->symbols[i] && strcmp(ports->symbols[i], symbol) == 0) memcpy(&ports->values[i], value, sizeof(float));
    }
}
