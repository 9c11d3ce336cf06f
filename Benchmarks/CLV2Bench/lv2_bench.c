#include "lv2_bench.h"

#include <lilv-0/lilv/lilv.h>
#include <lv2/atom/atom.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/options/options.h>
#include <lv2/urid/urid.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *uris[256];
static int uri_count = 0;

static LV2_URID map(LV2_URID_Map_Handle handle, const char *uri) {
    (void)handle;
    for (int i = 0; i < uri_count; i++)
        if (strcmp(uris[i], uri) == 0) return (LV2_URID)(i + 1);
    if (uri_count == 256) return 0;
    uris[uri_count] = strdup(uri);
    return (LV2_URID)++uri_count;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double lv2_bench_run(const char *uri, int warmup, int blocks, int frames) {
    LilvWorld *world = lilv_world_new();
    lilv_world_load_all(world);
    LilvNode *uri_node = lilv_new_uri(world, uri);
    const LilvPlugin *plugin = lilv_plugins_get_by_uri(lilv_world_get_all_plugins(world), uri_node);
    if (!plugin) return -1;
    LV2_URID_Map urid_map = {NULL, map};
    int32_t min_block = 1, max_block = frames, sequence_size = 8192;
    LV2_URID atom_int = map(NULL, LV2_ATOM__Int);
    LV2_Options_Option options[] = {
        {LV2_OPTIONS_INSTANCE, 0, map(NULL, LV2_BUF_SIZE__minBlockLength), sizeof(int32_t), atom_int, &min_block},
        {LV2_OPTIONS_INSTANCE, 0, map(NULL, LV2_BUF_SIZE__maxBlockLength), sizeof(int32_t), atom_int, &max_block},
        {LV2_OPTIONS_INSTANCE, 0, map(NULL, LV2_BUF_SIZE__sequenceSize), sizeof(int32_t), atom_int, &sequence_size},
        {LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL},
    };
    LV2_Feature map_feature = {LV2_URID__map, &urid_map}, options_feature = {LV2_OPTIONS__options, options};
    LV2_Feature bounded = {LV2_BUF_SIZE__boundedBlockLength, NULL};
    const LV2_Feature *features[] = {&map_feature, &options_feature, &bounded, NULL};
    LilvInstance *instance = lilv_plugin_instantiate(plugin, 48000, features);
    if (!instance) return -2;
    uint32_t ports = lilv_plugin_get_num_ports(plugin);
    float *controls = calloc(ports, sizeof(float)), *defaults = calloc(ports, sizeof(float));
    lilv_plugin_get_port_ranges_float(plugin, NULL, NULL, defaults);
    float *in = calloc(frames, sizeof(float)), *out = calloc(frames, sizeof(float));
    for (int i = 0; i < frames; i++) in[i] = (float)(0.25 * sin(i * 0.0576));
    LilvNode *audio = lilv_new_uri(world, LV2_CORE__AudioPort), *input = lilv_new_uri(world, LV2_CORE__InputPort);
    LilvNode *control = lilv_new_uri(world, LV2_CORE__ControlPort), *atom = lilv_new_uri(world, LV2_ATOM__AtomPort);
    void *atoms = aligned_alloc(16, 8192 * ports);
    LV2_Atom *outputs[64];
    int output_count = 0;
    for (uint32_t p = 0; p < ports; p++) {
        const LilvPort *port = lilv_plugin_get_port_by_index(plugin, p);
        if (lilv_port_is_a(plugin, port, audio)) {
            lilv_instance_connect_port(instance, p, lilv_port_is_a(plugin, port, input) ? in : out);
        } else if (lilv_port_is_a(plugin, port, control)) {
            controls[p] = isnan(defaults[p]) ? 0 : defaults[p];
            lilv_instance_connect_port(instance, p, &controls[p]);
        } else if (lilv_port_is_a(plugin, port, atom)) {
            LV2_Atom_Sequence *sequence = (LV2_Atom_Sequence *)((char *)atoms + 8192 * p);
            int isInput = lilv_port_is_a(plugin, port, input);  // outputs get room to write (a Chunk)
            sequence->atom.size = isInput ? sizeof(LV2_Atom_Sequence_Body) : 8192 - sizeof(LV2_Atom);
            sequence->atom.type = map(NULL, isInput ? LV2_ATOM__Sequence : LV2_ATOM__Chunk);
            sequence->body.unit = sequence->body.pad = 0;
            if (!isInput && output_count < 64) outputs[output_count++] = &sequence->atom;
            lilv_instance_connect_port(instance, p, sequence);
        }
    }
    lilv_instance_activate(instance);
    double start = 0;
    for (int block = 0; block < warmup + blocks; block++) {
        if (block == warmup) start = now();
        for (int o = 0; o < output_count; o++) outputs[o]->size = 8192 - sizeof(LV2_Atom);  // room again, as hosts must
        lilv_instance_run(instance, (uint32_t)frames);
    }
    double seconds = now() - start;
    lilv_instance_deactivate(instance);
    lilv_instance_free(instance);
    free(controls), free(defaults), free(in), free(out), free(atoms);
    lilv_node_free(audio), lilv_node_free(input), lilv_node_free(control), lilv_node_free(atom), lilv_node_free(uri_node);
    lilv_world_free(world);
    return seconds;
}
