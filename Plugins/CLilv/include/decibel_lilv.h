// CLilv: lilv's and LV2's headers (types and constants) plus a table of the liblilv functions
// DecibelPlugins calls. liblilv is NOT linked: DecibelPlugins dlopen()s liblilv-0.so.0 and fills the table
// with dlsym() (BackendLibrary in DecibelCore), so a program using Decibel starts where lilv is missing.
// Never call the lilv_* functions the header declares directly (its inline lilv_instance_* are fine: they
// only call through the plugin's descriptor).
//
// Also here, the host side of LV2 that is easier in C: the URID map, the features array, and building
// and reading atom sequences in preallocated buffers.
#ifndef DECIBEL_LILV_H
#define DECIBEL_LILV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lilv-0/lilv/lilv.h>
#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

/// Every liblilv function DecibelPlugins calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_LILV_FUNCTIONS(X) \
    X(lilv_world_new) \
    X(lilv_world_free) \
    X(lilv_world_load_all) \
    X(lilv_world_get_all_plugins) \
    X(lilv_plugins_size) \
    X(lilv_plugins_begin) \
    X(lilv_plugins_next) \
    X(lilv_plugins_is_end) \
    X(lilv_plugins_get) \
    X(lilv_plugins_get_by_uri) \
    X(lilv_plugin_get_uri) \
    X(lilv_plugin_get_name) \
    X(lilv_plugin_get_class) \
    X(lilv_plugin_class_get_label) \
    X(lilv_plugin_get_author_name) \
    X(lilv_plugin_get_num_ports) \
    X(lilv_plugin_get_port_by_index) \
    X(lilv_plugin_get_required_features) \
    X(lilv_plugin_has_latency) \
    X(lilv_plugin_get_latency_port_index) \
    X(lilv_plugin_instantiate) \
    X(lilv_instance_free) \
    X(lilv_nodes_size) \
    X(lilv_nodes_begin) \
    X(lilv_nodes_next) \
    X(lilv_nodes_is_end) \
    X(lilv_nodes_get) \
    X(lilv_nodes_free) \
    X(lilv_port_get_symbol) \
    X(lilv_port_get_name) \
    X(lilv_port_is_a) \
    X(lilv_port_supports_event) \
    X(lilv_port_get_range) \
    X(lilv_port_has_property) \
    X(lilv_port_get) \
    X(lilv_new_uri) \
    X(lilv_node_free) \
    X(lilv_node_as_string) \
    X(lilv_node_as_uri) \
    X(lilv_node_is_float) \
    X(lilv_node_is_int) \
    X(lilv_node_as_float) \
    X(lilv_node_as_int) \
    X(lilv_state_new_from_instance) \
    X(lilv_state_restore) \
    X(lilv_state_to_string) \
    X(lilv_state_new_from_string) \
    X(lilv_state_free) \
    X(lilv_free)

/// The liblilv functions DecibelPlugins calls, resolved at run time (field names match the C functions).
typedef struct decibel_lilv_api {
#define DECIBEL_LILV_FIELD(name) __typeof__(name) * _Nonnull name;
    DECIBEL_LILV_FUNCTIONS(DECIBEL_LILV_FIELD)
#undef DECIBEL_LILV_FIELD
} decibel_lilv_api;

/// The name of `decibel_lilv_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_lilv_function_name(size_t index);

/// The host's side of one plugin instance: the features (URID map and unmap, options with the sample rate
/// and block lengths, bounded block length, the worker's schedule), the worker thread, and a mailbox of
/// atoms for the plugin's input. Owned by the caller; free with `decibel_lv2_host_free` after the
/// instance is deactivated and before it is freed.
typedef struct decibel_lv2_host decibel_lv2_host;

/// A host sharing the process-wide URID table, for blocks of 1 … `max_block` frames at `sample_rate`.
decibel_lv2_host *_Nonnull decibel_lv2_host_new(double sample_rate, uint32_t max_block);
void decibel_lv2_host_free(decibel_lv2_host *_Nullable host);
/// The NULL-terminated feature list to pass to `lilv_plugin_instantiate`.
const LV2_Feature *_Nullable const *_Nonnull decibel_lv2_host_features(decibel_lv2_host *_Nonnull host);
/// Starts the worker thread when the plugin has the worker interface (after instantiating); false when it
/// has none. `decibel_lv2_host_free` stops it.
bool decibel_lv2_host_start_worker(decibel_lv2_host *_Nonnull host, LilvInstance *_Nonnull instance);
/// Requests the worker has served so far.
uint32_t decibel_lv2_host_worker_served(decibel_lv2_host *_Nonnull host);
/// Copies the last lines plugins logged (LV2 log extension) into `buffer`, one per line; returns the
/// bytes written (without the terminating NUL).
size_t decibel_lv2_log_copy(char *_Nonnull buffer, size_t capacity);
/// Stops the worker thread (waits for the request it is serving).
void decibel_lv2_host_stop_worker(decibel_lv2_host *_Nullable host);
/// Whether the plugin has the worker interface (known after `decibel_lv2_host_start_worker`): only then does a
/// block need `decibel_lv2_host_end_block`.
bool decibel_lv2_host_has_worker(const decibel_lv2_host *_Nonnull host);
/// After each `run` (render thread): hands the worker's responses to the plugin, then ends its run.
void decibel_lv2_host_end_block(decibel_lv2_host *_Nonnull host);
/// Queues an atom (its header and body, `size` bytes) for the plugin's input (a control thread); false
/// when the mailbox is full.
bool decibel_lv2_host_post(decibel_lv2_host *_Nonnull host, const void *_Nonnull atom, uint32_t size);
/// Appends the posted atoms to an input sequence at frame 0 (render thread).
void decibel_lv2_host_deliver_posts(decibel_lv2_host *_Nonnull host, void *_Nonnull sequence, uint32_t capacity);
/// Builds a `patch:Set` of `property` to the path `path` into `buffer`; returns its size, 0 if it does
/// not fit (a control thread: maps URIs).
uint32_t decibel_atom_patch_set_path(void *_Nonnull buffer, uint32_t capacity, const char *_Nonnull property,
                                     const char *_Nonnull path);
/// The URID map and unmap (for lilv's state functions).
LV2_URID_Map *_Nonnull decibel_lv2_host_map(decibel_lv2_host *_Nonnull host);
LV2_URID_Unmap *_Nonnull decibel_lv2_host_unmap(decibel_lv2_host *_Nonnull host);
/// The URID of `uri` in the process-wide table (control threads: takes a lock).
LV2_URID decibel_lv2_urid(const char *_Nonnull uri);
/// Whether `uri` names a feature the host provides (or that needs nothing from a host).
bool decibel_lv2_host_supports(const char *_Nonnull uri);

/// An empty input sequence in `buffer` of `capacity` bytes (render thread: the URIDs are looked up before).
void decibel_atom_sequence_clear(void *_Nonnull buffer, uint32_t capacity, LV2_URID sequence_type);
/// Appends an event of `size` bytes of `type` at frame `frames`; false when it does not fit.
bool decibel_atom_sequence_append(void *_Nonnull buffer, uint32_t capacity, int64_t frames, LV2_URID type,
                                  const void *_Nonnull data, uint32_t size);
/// Prepares an output sequence port's buffer: an empty chunk the plugin may fill up to `capacity`.
void decibel_atom_sequence_prepare_output(void *_Nonnull buffer, uint32_t capacity, LV2_URID chunk_type);

/// lilv's state callbacks over an array of control values indexed by port (for `lilv_state_*`).
typedef struct decibel_lv2_port_values {
    const char *_Nonnull const *_Nonnull symbols;
    float *_Nonnull values;
    uint32_t count;
} decibel_lv2_port_values;
const void *_Nullable decibel_lv2_get_port_value(const char *_Nullable symbol, void *_Nullable user_data,
                                                 uint32_t *_Nullable size, uint32_t *_Nullable type);
void decibel_lv2_set_port_value(const char *_Nullable symbol, void *_Nullable user_data, const void *_Nullable value,
                                uint32_t size, uint32_t type);

#endif
