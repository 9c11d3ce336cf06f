// CPipeWire: PipeWire's headers (types and constants), a table of the libpipewire functions DecibelPipeWire
// calls, and small C functions for what Swift cannot call: the SPA inline helpers and the interface
// "methods" that are macros (pw_core_sync, pw_registry_add_listener, pw_metadata_add_listener), POD
// building, and the event tables that route PipeWire's callbacks to Swift.
//
// The library is NOT linked: DecibelPipeWire dlopen()s libpipewire-0.3.so.0 and fills the table with
// dlsym(). Never call the pw_* functions the headers declare directly; the shim calls them through the
// `decibel_pipewire_api` it is given.
#ifndef DECIBEL_PIPEWIRE_H
#define DECIBEL_PIPEWIRE_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <pipewire/pipewire.h>
#include <pipewire/extensions/metadata.h>

/// Every libpipewire function DecibelPipeWire calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_PIPEWIRE_FUNCTIONS(X) \
    X(pw_init) \
    X(pw_get_library_version) \
    X(pw_thread_loop_new) \
    X(pw_thread_loop_destroy) \
    X(pw_thread_loop_start) \
    X(pw_thread_loop_stop) \
    X(pw_thread_loop_lock) \
    X(pw_thread_loop_unlock) \
    X(pw_thread_loop_signal) \
    X(pw_thread_loop_get_time) \
    X(pw_thread_loop_timed_wait_full) \
    X(pw_thread_loop_get_loop) \
    X(pw_context_new) \
    X(pw_context_destroy) \
    X(pw_context_connect) \
    X(pw_context_get_data_loop) \
    X(pw_data_loop_get_thread) \
    X(pw_core_disconnect) \
    X(pw_proxy_destroy) \
    X(pw_properties_new_dict) \
    X(pw_properties_set) \
    X(pw_stream_new) \
    X(pw_stream_destroy) \
    X(pw_stream_add_listener) \
    X(pw_stream_connect) \
    X(pw_stream_disconnect) \
    X(pw_stream_dequeue_buffer) \
    X(pw_stream_queue_buffer) \
    X(pw_stream_get_time_n) \
    X(pw_stream_get_node_id) \
    X(pw_stream_state_as_string)

/// The libpipewire functions DecibelPipeWire calls, resolved at run time (field names match the C
/// functions). Swift fills it from `decibel_pipewire_function_name` with dlsym(), in this order, and only
/// uses it once every entry resolved, so the fields are declared non-null.
typedef struct decibel_pipewire_api {
#define DECIBEL_PIPEWIRE_FIELD(name) __typeof__(name) * _Nonnull name;
    DECIBEL_PIPEWIRE_FUNCTIONS(DECIBEL_PIPEWIRE_FIELD)
#undef DECIBEL_PIPEWIRE_FIELD
} decibel_pipewire_api;

/// The name of `decibel_pipewire_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_pipewire_function_name(size_t index);

/// An empty property list (pw_properties_new is variadic, which Swift cannot call).
struct pw_properties *_Nullable decibel_pipewire_properties_new(const decibel_pipewire_api *_Nonnull api);

/// The value for `key` in `dict`, or NULL (spa_dict_lookup is an inline helper).
const char *_Nullable decibel_pipewire_dict_lookup(const struct spa_dict *_Nullable dict, const char *_Nonnull key);

// MARK: Connections

/// What a connection reports, called on the connection's thread-loop thread with the loop lock held.
/// `data` is the pointer given to `decibel_pipewire_connection_new`.
typedef struct decibel_pipewire_connection_events {
    /// The core's info: the daemon's name, version and properties (default clock rate and quantum).
    void (*_Nullable core_info)(void *_Nullable data, const char *_Nullable name, const char *_Nullable version,
                                const struct spa_dict *_Nullable props);
    /// `pw_core_sync` number `seq` completed: everything the daemon sent before it has arrived.
    void (*_Nullable done)(void *_Nullable data, int seq);
    /// The daemon reported an error on object `id` (PW_ID_CORE with -EPIPE: the daemon went away).
    void (*_Nullable error)(void *_Nullable data, uint32_t id, int res, const char *_Nullable message);
    /// A node's full properties (first info and every change). Only when watching the registry.
    void (*_Nullable node)(void *_Nullable data, uint32_t id, const struct spa_dict *_Nullable props);
    /// A global object went away. Only when watching the registry.
    void (*_Nullable removed)(void *_Nullable data, uint32_t id);
    /// A property of the "default" metadata changed (value NULL: removed). Only when watching.
    void (*_Nullable metadata)(void *_Nullable data, uint32_t subject, const char *_Nullable key,
                               const char *_Nullable type, const char *_Nullable value);
} decibel_pipewire_connection_events;

typedef struct decibel_pipewire_connection decibel_pipewire_connection;

/// Creates a thread loop and a context, starts the loop and connects to the daemon at `remote` (a
/// socket name or absolute path; NULL: PIPEWIRE_REMOTE or pipewire-0 in the runtime dir). With
/// `watch_registry` the connection binds the registry, every node and the "default" metadata.
/// Returns NULL with `*error` set to an errno when the daemon does not accept the connection.
decibel_pipewire_connection *_Nullable decibel_pipewire_connection_new(
    const decibel_pipewire_api *_Nonnull api, const char *_Nonnull name, const char *_Nullable remote,
    bool watch_registry, const decibel_pipewire_connection_events *_Nonnull events, void *_Nullable data,
    int *_Nonnull error);

/// Disconnects, stops the loop thread and frees everything. No event arrives after it returns.
/// Must not be called from the loop thread.
void decibel_pipewire_connection_free(decibel_pipewire_connection *_Nonnull connection);

void decibel_pipewire_connection_lock(decibel_pipewire_connection *_Nonnull connection);
void decibel_pipewire_connection_unlock(decibel_pipewire_connection *_Nonnull connection);
/// Wakes a thread waiting in `decibel_pipewire_connection_wait` (call with the lock held).
void decibel_pipewire_connection_signal(decibel_pipewire_connection *_Nonnull connection);
/// With the lock held: waits for a signal or until `deadline_ns` (CLOCK_MONOTONIC) has passed.
/// Returns false on timeout.
bool decibel_pipewire_connection_wait(decibel_pipewire_connection *_Nonnull connection, uint64_t deadline_ns);
/// With the lock held: asks the daemon for a `done` event once it has handled everything sent so far.
int decibel_pipewire_connection_sync(decibel_pipewire_connection *_Nonnull connection);
/// The connection's core (for streams).
struct pw_core *_Nonnull decibel_pipewire_connection_core(decibel_pipewire_connection *_Nonnull connection);

// MARK: Streams
//
// Why this part of the cycle is C while the other backends' cycles are all Swift: taking a buffer and
// finding its planes walks SPA structs through inline helpers and macros (SPA_PTROFF, SPA_MIN, the
// spa_io_position clock the xrun check reads) that Swift cannot call. So `process` here only dequeues,
// maps the planes and queues the buffer back; everything Decibel does with the audio runs in Swift
// (`PipeWireRenderPath`). JACK, PulseAudio and ALSA hand buffers over through plain functions, which
// Swift calls directly.

/// What a stream reports. `process` runs on PipeWire's real-time data thread; the others on the loop thread.
typedef struct decibel_pipewire_stream_events {
    /// A block: `channels` planar float pointers of `frames` frames each (NULL pointers never).
    /// For playback fill them (they arrive zeroed); for capture read them.
    void (*_Nullable process)(void *_Nullable data, float *_Nonnull const *_Nonnull channels, uint32_t frames);
    /// An xrun: no buffer was there when one was due, or (with `follows_clock`) the driver's clock
    /// shows a graph cycle this stream was not processed in.
    void (*_Nullable xrun)(void *_Nullable data);
    /// Data thread (with `follows_clock`): the graph's cycle is now `frames` long at `rate`, first
    /// reported at the first cycle.
    void (*_Nullable quantum)(void *_Nullable data, uint32_t frames, uint32_t rate);
    /// The stream changed state (`error` is set in PW_STREAM_STATE_ERROR).
    void (*_Nullable state)(void *_Nullable data, enum pw_stream_state old, enum pw_stream_state state, const char *_Nullable error);
    /// The negotiated rate (0 when PipeWire did not say).
    void (*_Nullable format)(void *_Nullable data, uint32_t rate, uint32_t channels);
} decibel_pipewire_stream_events;

typedef struct decibel_pipewire_stream decibel_pipewire_stream;

/// The most channels a Decibel PipeWire stream carries.
#define DECIBEL_PIPEWIRE_MAX_CHANNELS 64

/// With the connection's lock held: creates a float32 planar stream of `channels` channels at `rate`
/// (0: the graph's rate) with `props` (taken over) and connects it with AUTOCONNECT, MAP_BUFFERS and
/// RT_PROCESS. `max_frames` is the largest block `process` is given (longer buffers are split).
/// With `follows_clock` the stream follows the driver's clock: an xrun for every jump in its
/// position and a `quantum` event for every new cycle length (one stream of a duplex pair is enough:
/// both run in the same cycles).
/// Returns NULL with `*error` set (a negative errno).
decibel_pipewire_stream *_Nullable decibel_pipewire_stream_new(
    decibel_pipewire_connection *_Nonnull connection, const char *_Nonnull name, struct pw_properties *_Nonnull props,
    bool capture, uint32_t channels, uint32_t rate, uint32_t max_frames, bool follows_clock,
    const decibel_pipewire_stream_events *_Nonnull events, void *_Nullable data, int *_Nonnull error);

/// With the connection's lock held: disconnects and destroys the stream. No callback runs after it returns.
void decibel_pipewire_stream_free(decibel_pipewire_stream *_Nonnull stream);

/// With the connection's lock held: the stream's delay to the device (`pw_time.delay`, in ticks of
/// 1/`rate`: the graph's latency between this stream and the device, 0 into a null sink) and the frames
/// the stream holds (`pw_time.queued` + `pw_time.buffered`: queued buffers and the converter's samples).
bool decibel_pipewire_stream_time(decibel_pipewire_stream *_Nonnull stream, int64_t *_Nonnull delay, uint64_t *_Nonnull held, uint32_t *_Nonnull rate);

/// The stream's node id in the daemon (SPA_ID_INVALID until connected).
uint32_t decibel_pipewire_stream_node_id(decibel_pipewire_stream *_Nonnull stream);

/// SPA_ID_INVALID and PW_ID_CORE, which Swift does not import.
uint32_t decibel_pipewire_id_invalid(void);
uint32_t decibel_pipewire_id_core(void);

#endif
