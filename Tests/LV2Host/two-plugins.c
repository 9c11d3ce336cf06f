// A lilv host that instantiates two different Decibel plugins in one process and runs both on the same
// audio: the gain at -6 dB, then the delay (wet only, 10 ms, no feedback). Each plugin carries its own Swift
// runtime; only lv2_descriptor is exported, so neither binds to the other's symbols.
// Prints the peaks and exits 1 if either plugin's output is not what its parameters say.
#include <lilv/lilv.h>
#include <lv2/urid/urid.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "urid-map.h"

enum { RATE = 48000, BLOCK = 480, FRAMES = 48000 };

static LilvInstance *open_plugin(LilvWorld *world, const char *uri, const LV2_Feature *const *features) {
    LilvNode *node = lilv_new_uri(world, uri);
    const LilvPlugin *plugin = lilv_plugins_get_by_uri(lilv_world_get_all_plugins(world), node);
    lilv_node_free(node);
    return plugin ? lilv_plugin_instantiate(plugin, RATE, features) : NULL;
}

int main(void) {
    LilvWorld *world = lilv_world_new();
    lilv_world_load_all(world);
    LV2_URID_Map map = {NULL, map_uri};
    LV2_Feature map_feature = {LV2_URID__map, &map};
    const LV2_Feature *features[] = {&map_feature, NULL};
    LilvInstance *gain = open_plugin(world, "urn:decibel:examples:gain", features);
    LilvInstance *delay = open_plugin(world, "urn:decibel:examples:delay", features);
    if (!gain || !delay) { fprintf(stderr, "two-plugins: a plugin did not load (LV2_PATH?)\n"); return 1; }
    static float in[FRAMES], mid[FRAMES], out_left[FRAMES], out_right[FRAMES];
    for (int i = 0; i < FRAMES; i++) in[i] = 0.5f * sinf(2 * (float)M_PI * 440 * i / RATE);
    float gain_db = -6, time = 0.01f, feedback = 0, mix = 1;
    lilv_instance_connect_port(gain, 2, &gain_db);
    lilv_instance_connect_port(delay, 4, &time);
    lilv_instance_connect_port(delay, 5, &feedback);
    lilv_instance_connect_port(delay, 6, &mix);
    lilv_instance_activate(gain);
    lilv_instance_activate(delay);
    for (int at = 0; at < FRAMES; at += BLOCK) {
        lilv_instance_connect_port(gain, 0, in + at);
        lilv_instance_connect_port(gain, 1, mid + at);
        lilv_instance_connect_port(delay, 0, mid + at);
        lilv_instance_connect_port(delay, 1, mid + at);
        lilv_instance_connect_port(delay, 2, out_left + at);
        lilv_instance_connect_port(delay, 3, out_right + at);
        lilv_instance_run(gain, BLOCK);
        lilv_instance_run(delay, BLOCK);
    }
    float factor = powf(10, -6.0f / 20), worst_gain = 0, worst_delay = 0;
    for (int i = 0; i < FRAMES; i++) {
        worst_gain = fmaxf(worst_gain, fabsf(mid[i] - in[i] * factor));
        float expected = i < 480 ? 0 : mid[i - 480];
        worst_delay = fmaxf(worst_delay, fmaxf(fabsf(out_left[i] - expected), fabsf(out_right[i] - expected)));
    }
    printf("gain: largest difference from input x %.6f: %.2e; delay: from the gain's output 480 frames later: %.2e\n",
           factor, worst_gain, worst_delay);
    lilv_instance_free(gain);
    lilv_instance_free(delay);
    lilv_world_free(world);
    return worst_gain <= 1e-6f && worst_delay <= 1e-6f ? 0 : 1;
}
