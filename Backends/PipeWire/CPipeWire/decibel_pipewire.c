#include "decibel_pipewire.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <spa/param/audio/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/utils/result.h>

#define DECIBEL_PIPEWIRE_NAME(name) #name,
static const char *const names[] = { DECIBEL_PIPEWIRE_FUNCTIONS(DECIBEL_PIPEWIRE_NAME) NULL };

const char *decibel_pipewire_function_name(size_t index) {
    return index < sizeof(names) / sizeof(names[0]) ? names[index] : NULL;
}

uint32_t decibel_pipewire_id_invalid(void) { return SPA_ID_INVALID; }
uint32_t decibel_pipewire_id_core(void) { return PW_ID_CORE; }

struct pw_properties *decibel_pipewire_properties_new(const decibel_pipewire_api *api) {
    struct spa_dict empty = SPA_DICT_INIT(NULL, 0);
    return api->pw_properties_new_dict(&empty);
}

const char *decibel_pipewire_dict_lookup(const struct spa_dict *dict, const char *key) {
    return dict ? spa_dict_lookup(dict, key) : NULL;
}

// MARK: Connections

typedef struct decibel_pipewire_node {
    struct spa_list link;
    decibel_pipewire_connection *connection;
    uint32_t id;
    struct pw_proxy *proxy;
    struct spa_hook listener;
} decibel_pipewire_node;

struct decibel_pipewire_connection {
    decibel_pipewire_api api;
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct spa_hook core_listener;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    struct pw_metadata *metadata;
    struct spa_hook metadata_listener;
    uint32_t metadata_id;
    struct spa_list nodes;
    decibel_pipewire_connection_events events;
    void *data;
};

static void core_info(void *data, const struct pw_core_info *info) {
    decibel_pipewire_connection *c = data;
    if (c->events.core_info) c->events.core_info(c->data, info->name, info->version, info->props);
}

static void core_done(void *data, uint32_t id, int seq) {
    decibel_pipewire_connection *c = data;
    if (id == PW_ID_CORE && c->events.done) c->events.done(c->data, seq);
}

static void core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void) seq;
    decibel_pipewire_connection *c = data;
    if (c->events.error) c->events.error(c->data, id, res, message);
    c->api.pw_thread_loop_signal(c->loop, false);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .info = core_info,
    .done = core_done,
    .error = core_error,
};

static void node_info(void *data, const struct pw_node_info *info) {
    decibel_pipewire_node *node = data;
    decibel_pipewire_connection *c = node->connection;
    if ((info->change_mask & PW_NODE_CHANGE_MASK_PROPS) && c->events.node) c->events.node(c->data, node->id, info->props);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS,
    .info = node_info,
};

static int metadata_property(void *data, uint32_t subject, const char *key, const char *type, const char *value) {
    decibel_pipewire_connection *c = data;
    if (c->events.metadata) c->events.metadata(c->data, subject, key, type, value);
    return 0;
}

static const struct pw_metadata_events metadata_events = {
    PW_VERSION_METADATA_EVENTS,
    .property = metadata_property,
};

static bool is_audio_device(const char *media_class) {
    return media_class && (strcmp(media_class, "Audio/Sink") == 0 || strcmp(media_class, "Audio/Source") == 0
                           || strcmp(media_class, "Audio/Source/Virtual") == 0 || strcmp(media_class, "Audio/Duplex") == 0);
}

static void registry_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                            const struct spa_dict *props) {
    (void) permissions; (void) version;
    decibel_pipewire_connection *c = data;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0 && is_audio_device(spa_dict_lookup(props, PW_KEY_MEDIA_CLASS))) {
        decibel_pipewire_node *node = calloc(1, sizeof(*node));
        if (!node) return;
        node->proxy = pw_registry_bind(c->registry, id, type, PW_VERSION_NODE, 0);
        if (!node->proxy) { free(node); return; }
        node->connection = c;
        node->id = id;
        pw_node_add_listener((struct pw_node *) node->proxy, &node->listener, &node_events, node);
        spa_list_append(&c->nodes, &node->link);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Metadata) == 0 && c->metadata == NULL) {
        const char *name = spa_dict_lookup(props, PW_KEY_METADATA_NAME);
        if (!name || strcmp(name, "default") != 0) return;
        c->metadata = pw_registry_bind(c->registry, id, type, PW_VERSION_METADATA, 0);
        if (!c->metadata) return;
        c->metadata_id = id;
        pw_metadata_add_listener(c->metadata, &c->metadata_listener, &metadata_events, c);
    }
}

static void registry_global_remove(void *data, uint32_t id) {
    decibel_pipewire_connection *c = data;
    decibel_pipewire_node *node, *next;
    spa_list_for_each_safe(node, next, &c->nodes, link) {
        if (node->id != id) continue;
        spa_hook_remove(&node->listener);
        c->api.pw_proxy_destroy(node->proxy);
        spa_list_remove(&node->link);
        free(node);
        if (c->events.removed) c->events.removed(c->data, id);
    }
    if (c->metadata && id == c->metadata_id) {
        spa_hook_remove(&c->metadata_listener);
        c->api.pw_proxy_destroy((struct pw_proxy *) c->metadata);
        c->metadata = NULL;
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = registry_global,
    .global_remove = registry_global_remove,
};

decibel_pipewire_connection *decibel_pipewire_connection_new(
    const decibel_pipewire_api *api, const char *name, const char *remote, bool watch_registry,
    const decibel_pipewire_connection_events *events, void *data, int *error) {
    decibel_pipewire_connection *c = calloc(1, sizeof(*c));
    if (!c) { *error = ENOMEM; return NULL; }
    c->api = *api;
    c->events = *events;
    c->data = data;
    spa_list_init(&c->nodes);
    c->loop = api->pw_thread_loop_new(name, NULL);
    if (!c->loop) { *error = errno ? errno : ENOMEM; free(c); return NULL; }
    struct pw_properties *context_props = decibel_pipewire_properties_new(api);
    c->context = api->pw_context_new(api->pw_thread_loop_get_loop(c->loop), context_props, 0);
    if (!c->context) { *error = errno ? errno : EIO; api->pw_thread_loop_destroy(c->loop); free(c); return NULL; }
    if (api->pw_thread_loop_start(c->loop) < 0) {
        *error = errno ? errno : EIO;
        api->pw_context_destroy(c->context);
        api->pw_thread_loop_destroy(c->loop);
        free(c);
        return NULL;
    }
    api->pw_thread_loop_lock(c->loop);
    struct pw_properties *core_props = decibel_pipewire_properties_new(api);
    if (core_props) {
        api->pw_properties_set(core_props, PW_KEY_APP_NAME, name);
        if (remote) api->pw_properties_set(core_props, PW_KEY_REMOTE_NAME, remote);
    }
    errno = 0;
    c->core = api->pw_context_connect(c->context, core_props, 0);
    if (!c->core) {
        *error = errno ? errno : ECONNREFUSED;
        api->pw_thread_loop_unlock(c->loop);
        api->pw_thread_loop_stop(c->loop);
        api->pw_context_destroy(c->context);
        api->pw_thread_loop_destroy(c->loop);
        free(c);
        return NULL;
    }
    pw_core_add_listener(c->core, &c->core_listener, &core_events, c);
    if (watch_registry) {
        c->registry = pw_core_get_registry(c->core, PW_VERSION_REGISTRY, 0);
        if (c->registry) pw_registry_add_listener(c->registry, &c->registry_listener, &registry_events, c);
    }
    api->pw_thread_loop_unlock(c->loop);
    return c;
}

void decibel_pipewire_connection_free(decibel_pipewire_connection *c) {
    const decibel_pipewire_api *api = &c->api;
    api->pw_thread_loop_lock(c->loop);
    decibel_pipewire_node *node, *next;
    spa_list_for_each_safe(node, next, &c->nodes, link) {
        spa_hook_remove(&node->listener);
        api->pw_proxy_destroy(node->proxy);
        spa_list_remove(&node->link);
        free(node);
    }
    if (c->metadata) {
        spa_hook_remove(&c->metadata_listener);
        api->pw_proxy_destroy((struct pw_proxy *) c->metadata);
        c->metadata = NULL;
    }
    if (c->registry) {
        spa_hook_remove(&c->registry_listener);
        api->pw_proxy_destroy((struct pw_proxy *) c->registry);
        c->registry = NULL;
    }
    spa_hook_remove(&c->core_listener);
    api->pw_core_disconnect(c->core);
    api->pw_thread_loop_unlock(c->loop);
    api->pw_thread_loop_stop(c->loop);
    api->pw_context_destroy(c->context);
    api->pw_thread_loop_destroy(c->loop);
    free(c);
}

void decibel_pipewire_connection_lock(decibel_pipewire_connection *c) { c->api.pw_thread_loop_lock(c->loop); }
void decibel_pipewire_connection_unlock(decibel_pipewire_connection *c) { c->api.pw_thread_loop_unlock(c->loop); }
void decibel_pipewire_connection_signal(decibel_pipewire_connection *c) { c->api.pw_thread_loop_signal(c->loop, false); }

bool decibel_pipewire_connection_wait(decibel_pipewire_connection *c, uint64_t deadline_ns) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t now_ns = (uint64_t) now.tv_sec * SPA_NSEC_PER_SEC + (uint64_t) now.tv_nsec;
    if (now_ns >= deadline_ns) return false;
    struct timespec abstime;
    if (c->api.pw_thread_loop_get_time(c->loop, &abstime, (int64_t) (deadline_ns - now_ns)) < 0) return false;
    return c->api.pw_thread_loop_timed_wait_full(c->loop, &abstime) == 0;
}

int decibel_pipewire_connection_sync(decibel_pipewire_connection *c) {
    return pw_core_sync(c->core, PW_ID_CORE, 0);
}

struct pw_core *decibel_pipewire_connection_core(decibel_pipewire_connection *c) { return c->core; }

// MARK: Streams

struct decibel_pipewire_stream {
    decibel_pipewire_connection *connection;
    struct pw_stream *stream;
    struct spa_hook listener;
    decibel_pipewire_stream_events events;
    void *data;
    bool capture;
    bool follows_clock;
    struct spa_io_position *position;  // the driver's clock, set by io_changed on the data thread
    uint32_t clock_id;
    uint64_t next_position;  // where the driver's clock stands next cycle if this stream missed none
    uint64_t quantum;        // the graph cycle's duration last reported through events.quantum
    uint32_t channels;
    uint32_t max_frames;
    float *scratch;  // stands in for planes the buffer lacks (max_frames floats)
    float *planes[DECIBEL_PIPEWIRE_MAX_CHANNELS];
    float *block[DECIBEL_PIPEWIRE_MAX_CHANNELS];
};

static void deliver(decibel_pipewire_stream *s, uint32_t frames) {
    uint32_t done = 0;
    while (done < frames) {
        uint32_t count = SPA_MIN(frames - done, s->max_frames);
        for (uint32_t i = 0; i < s->channels; i++) s->block[i] = s->planes[i] + done;
        s->events.process(s->data, s->block, count);
        done += count;
    }
}

/// Reads the driver's clock: a cycle this stream was not processed in shows as the position jumping past
/// the end of the previous cycle (a driver change, or the clock restarting, is not one); a new cycle
/// duration is a new quantum.
static void follow_clock(decibel_pipewire_stream *s) {
    struct spa_io_position *position = s->position;
    if (!position || !s->follows_clock) return;
    const struct spa_io_clock *clock = &position->clock;
    if (clock->duration != s->quantum && clock->duration > 0 && clock->rate.denom > 0) {
        s->quantum = clock->duration;
        if (s->events.quantum) s->events.quantum(s->data, (uint32_t) clock->duration, clock->rate.denom);
    }
    if (clock->id == s->clock_id && s->next_position != 0 && clock->position > s->next_position && s->events.xrun) {
        s->events.xrun(s->data);
    }
    s->clock_id = clock->id;
    s->next_position = clock->position + clock->duration;
}

static void stream_process(void *data) {
    decibel_pipewire_stream *s = data;
    const decibel_pipewire_api *api = &s->connection->api;
    follow_clock(s);
    struct pw_buffer *b = api->pw_stream_dequeue_buffer(s->stream);
    if (!b) {
        if (s->events.xrun) s->events.xrun(s->data);
        return;
    }
    struct spa_buffer *buffer = b->buffer;
    uint32_t frames = UINT32_MAX;
    for (uint32_t i = 0; i < s->channels; i++) {
        struct spa_data *d = i < buffer->n_datas ? &buffer->datas[i] : NULL;
        if (!d || !d->data) { s->planes[i] = NULL; continue; }
        if (s->capture) {
            uint32_t offset = SPA_MIN(d->chunk->offset, d->maxsize);
            uint32_t size = SPA_MIN(d->chunk->size, d->maxsize - offset);
            s->planes[i] = SPA_PTROFF(d->data, offset, float);
            frames = SPA_MIN(frames, size / sizeof(float));
        } else {
            s->planes[i] = d->data;
            frames = SPA_MIN(frames, d->maxsize / sizeof(float));
        }
    }
    if (frames == UINT32_MAX) frames = 0;
    if (!s->capture && b->requested) frames = (uint32_t) SPA_MIN((uint64_t) frames, b->requested);
    for (uint32_t i = 0; i < s->channels; i++) {
        if (!s->planes[i]) {
            s->planes[i] = s->scratch;
            frames = SPA_MIN(frames, s->max_frames);
        }
        if (!s->capture || s->planes[i] == s->scratch) memset(s->planes[i], 0, frames * sizeof(float));
    }
    if (frames > 0 && s->events.process) deliver(s, frames);
    if (!s->capture) {
        for (uint32_t i = 0; i < buffer->n_datas; i++) {
            buffer->datas[i].chunk->offset = 0;
            buffer->datas[i].chunk->stride = sizeof(float);
            buffer->datas[i].chunk->size = frames * sizeof(float);
        }
        b->size = frames;
    }
    api->pw_stream_queue_buffer(s->stream, b);
}

static void stream_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    decibel_pipewire_stream *s = data;
    if (s->events.state) s->events.state(s->data, old, state, error);
    s->connection->api.pw_thread_loop_signal(s->connection->loop, false);
}

static void stream_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    decibel_pipewire_stream *s = data;
    if (id != SPA_PARAM_Format || param == NULL) return;
    struct spa_audio_info_raw info;
    spa_zero(info);
    if (spa_format_audio_raw_parse(param, &info) < 0) return;
    if (s->events.format) s->events.format(s->data, info.rate, info.channels);
}

static void stream_io_changed(void *data, uint32_t id, void *area, uint32_t size) {
    decibel_pipewire_stream *s = data;
    if (id != SPA_IO_Position) return;
    s->position = area && size >= sizeof(struct spa_io_position) ? area : NULL;
    s->next_position = 0;
    s->quantum = 0;
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = stream_state_changed,
    .io_changed = stream_io_changed,
    .param_changed = stream_param_changed,
    .process = stream_process,
};

static void set_positions(struct spa_audio_info_raw *info, uint32_t channels) {
    static const uint32_t layouts[9][8] = {
        {0},
        {SPA_AUDIO_CHANNEL_MONO},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FC},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_RL, SPA_AUDIO_CHANNEL_RR},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FC, SPA_AUDIO_CHANNEL_RL, SPA_AUDIO_CHANNEL_RR},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FC, SPA_AUDIO_CHANNEL_LFE, SPA_AUDIO_CHANNEL_RL,
         SPA_AUDIO_CHANNEL_RR},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FC, SPA_AUDIO_CHANNEL_LFE, SPA_AUDIO_CHANNEL_RC,
         SPA_AUDIO_CHANNEL_SL, SPA_AUDIO_CHANNEL_SR},
        {SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FC, SPA_AUDIO_CHANNEL_LFE, SPA_AUDIO_CHANNEL_RL,
         SPA_AUDIO_CHANNEL_RR, SPA_AUDIO_CHANNEL_SL, SPA_AUDIO_CHANNEL_SR},
    };
    for (uint32_t i = 0; i < channels && i < SPA_AUDIO_MAX_CHANNELS; i++) {
        info->position[i] = channels <= 8 ? layouts[channels][i] : SPA_AUDIO_CHANNEL_AUX0 + i;
    }
}

/// The priority the data thread asks for: below the daemon's data thread (module-rt's 88), above everything
/// that is not audio; the same range JACK gives its clients.
#define DECIBEL_PIPEWIRE_RT_PRIORITY 80

/// Asks for SCHED_FIFO on the context's data thread, which calls every stream's process. PipeWire's own
/// clients (pw-cat) load client-rt.conf, whose module-rt does this; the client.conf a context gets by default
/// loads no module-rt in PipeWire 0.3, so the thread ran at normal priority and, on a busy machine, missed
/// cycles pw-cat made. The thread is named, not taken from the caller: an invoke on the data loop runs on the
/// calling (application's) thread until the loop thread has entered its loop. Without permission (no rtprio
/// limit) the thread keeps its priority.
static void raise_data_thread(decibel_pipewire_connection *connection) {
    struct pw_data_loop *data_loop = connection->api.pw_context_get_data_loop(connection->context);
    struct spa_thread *thread = data_loop ? connection->api.pw_data_loop_get_thread(data_loop) : NULL;
    if (!thread) return;
    struct sched_param parameters = { .sched_priority = DECIBEL_PIPEWIRE_RT_PRIORITY };
    pthread_setschedparam((pthread_t)thread, SCHED_FIFO, &parameters);
}

decibel_pipewire_stream *decibel_pipewire_stream_new(
    decibel_pipewire_connection *connection, const char *name, struct pw_properties *props, bool capture,
    uint32_t channels, uint32_t rate, uint32_t max_frames, bool follows_clock, const decibel_pipewire_stream_events *events,
    void *data, int *error) {
    const decibel_pipewire_api *api = &connection->api;
    if (channels == 0 || channels > DECIBEL_PIPEWIRE_MAX_CHANNELS || max_frames == 0) { *error = -EINVAL; return NULL; }
    decibel_pipewire_stream *s = calloc(1, sizeof(*s));
    float *scratch = calloc(max_frames, sizeof(float));
    if (!s || !scratch) { free(s); free(scratch); *error = -ENOMEM; return NULL; }
    s->connection = connection;
    s->events = *events;
    s->data = data;
    s->capture = capture;
    s->follows_clock = follows_clock;
    s->channels = channels;
    s->max_frames = max_frames;
    s->scratch = scratch;
    s->stream = api->pw_stream_new(connection->core, name, props);
    if (!s->stream) { *error = -(errno ? errno : EIO); free(scratch); free(s); return NULL; }
    api->pw_stream_add_listener(s->stream, &s->listener, &stream_events, s);

    uint8_t storage[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof(storage));
    struct spa_audio_info_raw info;
    spa_zero(info);
    info.format = SPA_AUDIO_FORMAT_F32P;
    info.channels = channels;
    info.rate = rate;
    set_positions(&info, channels);
    const struct spa_pod *params[1] = { spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat, &info) };
    int result = api->pw_stream_connect(
        s->stream, capture ? PW_DIRECTION_INPUT : PW_DIRECTION_OUTPUT, PW_ID_ANY,
        PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS | PW_STREAM_FLAG_RT_PROCESS, params, 1);
    if (result < 0) {
        *error = result;
        spa_hook_remove(&s->listener);
        api->pw_stream_destroy(s->stream);
        free(scratch);
        free(s);
        return NULL;
    }
    raise_data_thread(connection);
    return s;
}

void decibel_pipewire_stream_free(decibel_pipewire_stream *s) {
    const decibel_pipewire_api *api = &s->connection->api;
    spa_hook_remove(&s->listener);
    api->pw_stream_disconnect(s->stream);
    api->pw_stream_destroy(s->stream);
    free(s->scratch);
    free(s);
}

bool decibel_pipewire_stream_time(decibel_pipewire_stream *s, int64_t *delay, uint64_t *held, uint32_t *rate) {
    struct pw_time time;
    spa_zero(time);
    if (s->connection->api.pw_stream_get_time_n(s->stream, &time, sizeof(time)) < 0) return false;
    *delay = time.delay;
    *rate = time.rate.denom;
    *held = time.queued + time.buffered;  // frames: process sets pw_buffer.size in frames
    return true;
}

uint32_t decibel_pipewire_stream_node_id(decibel_pipewire_stream *s) {
    return s->connection->api.pw_stream_get_node_id(s->stream);
}
