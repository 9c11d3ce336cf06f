#include "decibel_lilv.h"

#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/options/options.h>
#include <lv2/patch/patch.h>
#include <lv2/urid/urid.h>
#include <lv2/log/log.h>
#include <lv2/worker/worker.h>
#include <stdarg.h>
#include <stdio.h>

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

// A single-producer single-consumer ring of messages (a 32-bit size, then the bytes), lock-free: the
// worker's requests (render thread → worker), its responses (worker → render thread), and atoms posted
// by control threads for the plugin's input (control → render thread).
enum { ring_capacity = 1 << 16 };
typedef struct message_ring {
    uint8_t data[ring_capacity];
    _Atomic uint32_t write, read;
} message_ring;

static void ring_copy_in(message_ring *ring, uint32_t at, const void *from, uint32_t size) {
    uint32_t first = ring_capacity - at % ring_capacity;
    if (first > size) first = size;
    memcpy(ring->data + at % ring_capacity, from, first);
    memcpy(ring->data, (const uint8_t *)from + first, size - first);
}

static void ring_copy_out(const message_ring *ring, uint32_t at, void *to, uint32_t size) {
    uint32_t first = ring_capacity - at % ring_capacity;
    if (first > size) first = size;
    memcpy(to, ring->data + at % ring_capacity, first);
    memcpy((uint8_t *)to + first, ring->data, size - first);
}

static bool ring_push(message_ring *ring, const void *data, uint32_t size) {
    uint32_t write = atomic_load_explicit(&ring->write, memory_order_relaxed);
    uint32_t read = atomic_load_explicit(&ring->read, memory_order_acquire);
    if (ring_capacity - (write - read) < size + 4) return false;
    ring_copy_in(ring, write, &size, 4);
    ring_copy_in(ring, write + 4, data, size);
    atomic_store_explicit(&ring->write, write + 4 + size, memory_order_release);
    return true;
}

/// The next message's size into `*size` and its bytes into `to` (up to `capacity`); false when empty.
static bool ring_pop(message_ring *ring, void *to, uint32_t capacity, uint32_t *size) {
    uint32_t read = atomic_load_explicit(&ring->read, memory_order_relaxed);
    uint32_t write = atomic_load_explicit(&ring->write, memory_order_acquire);
    if (write == read) return false;
    ring_copy_out(ring, read, size, 4);
    ring_copy_out(ring, read + 4, to, *size < capacity ? *size : capacity);
    atomic_store_explicit(&ring->read, read + 4 + *size, memory_order_release);
    return true;
}

enum { message_capacity = 8192 };

// What plugins log (LV2 log extension), kept for the host to read instead of going to stderr: the last
// `log_capacity` lines. A plugin that logs from run() must not wait, so a busy log drops the line.
enum { log_capacity = 64, log_line = 512 };
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char log_lines[log_capacity][log_line];
static uint64_t log_count = 0;

static int log_vprintf(LV2_Log_Handle handle, LV2_URID type, const char *format, va_list args) {
    (void)handle, (void)type;
    if (pthread_mutex_trylock(&log_lock) != 0) return 0;
    int written = vsnprintf(log_lines[log_count % log_capacity], log_line, format, args);
    log_count++;
    pthread_mutex_unlock(&log_lock);
    return written;
}

static int log_printf(LV2_Log_Handle handle, LV2_URID type, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int written = log_vprintf(handle, type, format, args);
    va_end(args);
    return written;
}

static LV2_Log_Log plugin_log = {NULL, log_printf, log_vprintf};

size_t decibel_lv2_log_copy(char *buffer, size_t capacity) {
    pthread_mutex_lock(&log_lock);
    size_t used = 0;
    uint64_t first = log_count > log_capacity ? log_count - log_capacity : 0;
    for (uint64_t i = first; i < log_count && used + 1 < capacity; i++) {
        int n = snprintf(buffer + used, capacity - used, "%s%s", log_lines[i % log_capacity],
                         strchr(log_lines[i % log_capacity], '\n') ? "" : "\n");
        if (n < 0) break;
        used += (size_t)n < capacity - used ? (size_t)n : capacity - used - 1;
    }
    pthread_mutex_unlock(&log_lock);
    return used;
}

struct decibel_lv2_host {
    LV2_URID_Map map;
    LV2_URID_Unmap unmap;
    int32_t min_block, max_block, sequence_size;
    float sample_rate;
    LV2_Options_Option options[5];
    LV2_Worker_Schedule schedule;
    LV2_Feature map_feature, unmap_feature, options_feature, bounded_feature, schedule_feature, log_feature;
    const LV2_Feature *features[7];
    _Atomic uint32_t served;
    // The worker (LV2 worker extension): requests from run() are served on a thread of the host's own.
    const LV2_Worker_Interface *worker;
    LV2_Handle plugin;
    message_ring requests, responses, posts;
    sem_t wake;
    pthread_t thread;
    bool thread_started;
    _Atomic bool stopping;
    uint8_t request[message_capacity], response[message_capacity], post[message_capacity];
};

static LV2_Worker_Status schedule_work(LV2_Worker_Schedule_Handle handle, uint32_t size, const void *data) {
    decibel_lv2_host *host = handle;
    if (size > message_capacity || !ring_push(&host->requests, data, size)) return LV2_WORKER_ERR_NO_SPACE;
    sem_post(&host->wake);
    return LV2_WORKER_SUCCESS;
}

static LV2_Worker_Status respond(LV2_Worker_Respond_Handle handle, uint32_t size, const void *data) {
    decibel_lv2_host *host = handle;
    return size <= message_capacity && ring_push(&host->responses, data, size) ? LV2_WORKER_SUCCESS
                                                                                : LV2_WORKER_ERR_NO_SPACE;
}

static void *work_loop(void *argument) {
    decibel_lv2_host *host = argument;
    static uint8_t unused;
    while (!atomic_load(&host->stopping)) {
        while (sem_wait(&host->wake) != 0) {}
        uint32_t size;
        while (ring_pop(&host->requests, host->request, message_capacity, &size)) {
            host->worker->work(host->plugin, respond, host, size, size ? host->request : &unused);
            atomic_fetch_add(&host->served, 1);
        }
    }
    return NULL;
}

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
    host->schedule = (LV2_Worker_Schedule){.handle = host, .schedule_work = schedule_work};
    host->map_feature = (LV2_Feature){LV2_URID__map, &host->map};
    host->unmap_feature = (LV2_Feature){LV2_URID__unmap, &host->unmap};
    host->options_feature = (LV2_Feature){LV2_OPTIONS__options, host->options};
    host->bounded_feature = (LV2_Feature){LV2_BUF_SIZE__boundedBlockLength, NULL};
    host->schedule_feature = (LV2_Feature){LV2_WORKER__schedule, &host->schedule};
    host->features[0] = &host->map_feature;
    host->features[1] = &host->unmap_feature;
    host->features[2] = &host->options_feature;
    host->features[3] = &host->bounded_feature;
    host->log_feature = (LV2_Feature){LV2_LOG__log, &plugin_log};
    host->features[4] = &host->schedule_feature;
    host->features[5] = &host->log_feature;
    host->features[6] = NULL;
    sem_init(&host->wake, 0, 0);
    return host;
}

bool decibel_lv2_host_start_worker(decibel_lv2_host *host, LilvInstance *instance) {
    host->worker = lilv_instance_get_extension_data(instance, LV2_WORKER__interface);
    host->plugin = lilv_instance_get_handle(instance);
    if (!host->worker || !host->worker->work) return false;
    host->thread_started = pthread_create(&host->thread, NULL, work_loop, host) == 0;
    return host->thread_started;
}

uint32_t decibel_lv2_host_worker_served(decibel_lv2_host *host) { return atomic_load(&host->served); }

void decibel_lv2_host_stop_worker(decibel_lv2_host *host) {
    if (!host || !host->thread_started) return;
    atomic_store(&host->stopping, true);
    sem_post(&host->wake);
    pthread_join(host->thread, NULL);
    host->thread_started = false;
}

bool decibel_lv2_host_has_worker(const decibel_lv2_host *host) { return host->worker != NULL; }

void decibel_lv2_host_end_block(decibel_lv2_host *host) {
    if (!host->worker) return;
    uint32_t size;
    while (ring_pop(&host->responses, host->response, message_capacity, &size)) {
        if (host->worker->work_response) host->worker->work_response(host->plugin, size, host->response);
    }
    if (host->worker->end_run) host->worker->end_run(host->plugin);
}

bool decibel_lv2_host_post(decibel_lv2_host *host, const void *atom, uint32_t size) {
    return size <= message_capacity && ring_push(&host->posts, atom, size);
}

void decibel_lv2_host_deliver_posts(decibel_lv2_host *host, void *sequence, uint32_t capacity) {
    uint32_t size;
    while (ring_pop(&host->posts, host->post, message_capacity, &size)) {
        const LV2_Atom *atom = (const LV2_Atom *)host->post;
        if (size >= sizeof(LV2_Atom)) {
            decibel_atom_sequence_append(sequence, capacity, 0, atom->type, atom + 1, atom->size);
        }
    }
}

uint32_t decibel_atom_patch_set_path(void *buffer, uint32_t capacity, const char *property, const char *path) {
    uint32_t length = (uint32_t)strlen(path) + 1, padded = (length + 7u) & ~7u;
    uint32_t body = sizeof(LV2_Atom_Object_Body) + 2 * sizeof(LV2_Atom_Property_Body) + 8 + padded;
    if (sizeof(LV2_Atom) + body > capacity) return 0;
    memset(buffer, 0, sizeof(LV2_Atom) + body);
    LV2_Atom_Object *object = buffer;
    object->atom.size = body;
    object->atom.type = decibel_lv2_urid(LV2_ATOM__Object);
    object->body.id = 0;
    object->body.otype = decibel_lv2_urid(LV2_PATCH__Set);
    LV2_Atom_Property_Body *key = (LV2_Atom_Property_Body *)(object + 1);
    key->key = decibel_lv2_urid(LV2_PATCH__property);
    key->value.size = sizeof(LV2_URID);
    key->value.type = decibel_lv2_urid(LV2_ATOM__URID);
    *(LV2_URID *)(key + 1) = decibel_lv2_urid(property);
    LV2_Atom_Property_Body *value = (LV2_Atom_Property_Body *)((uint8_t *)(key + 1) + 8);
    value->key = decibel_lv2_urid(LV2_PATCH__value);
    value->value.size = length;
    value->value.type = decibel_lv2_urid(LV2_ATOM__Path);
    memcpy(value + 1, path, length);
    return (uint32_t)sizeof(LV2_Atom) + body;
}

void decibel_lv2_host_free(decibel_lv2_host *host) {
    if (!host) return;
    decibel_lv2_host_stop_worker(host);
    sem_destroy(&host->wake);
    free(host);
}

const LV2_Feature *const *decibel_lv2_host_features(decibel_lv2_host *host) { return host->features; }
LV2_URID_Map *decibel_lv2_host_map(decibel_lv2_host *host) { return &host->map; }
LV2_URID_Unmap *decibel_lv2_host_unmap(decibel_lv2_host *host) { return &host->unmap; }

bool decibel_lv2_host_supports(const char *uri) {
    static const char *const provided[] = {
        LV2_URID__map, LV2_URID__unmap, LV2_OPTIONS__options, LV2_BUF_SIZE__boundedBlockLength, LV2_WORKER__schedule,
        LV2_LOG__log,
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
