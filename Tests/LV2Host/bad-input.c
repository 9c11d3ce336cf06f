// Drives a Decibel plugin library through the raw LV2 C ABI with what a careless or hostile host does,
// and checks each is ignored or refused as LV2 expects: a rate of 0, a missing required feature, an unknown
// port, run before activate, NULL buffers, and state that is missing or malformed (which must leave the
// previous values). Usage: bad-input GAIN.so SYNTH.so. Prints one line per check; exits 1 if any fails.
#include <dlfcn.h>
#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/state/state.h>
#include <lv2/urid/urid.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "urid-map.h"

static LV2_URID_Map map = {NULL, map_uri};
static LV2_Feature map_feature = {LV2_URID__map, &map};
static const LV2_Feature *features[] = {&map_feature, NULL};
static int failures;
static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    failures += !ok;
}

// The state a test hands to restore(): `type`, `size` and `value` of the one entry, or nothing at all.
static struct { int present; LV2_URID type; size_t size; float value; } stored;
static const void *retrieve(LV2_State_Handle h, uint32_t key, size_t *size, uint32_t *type, uint32_t *flags) {
    (void)h, (void)key;
    if (!stored.present) return NULL;
    *size = stored.size, *type = stored.type, *flags = LV2_STATE_IS_POD;
    return &stored.value;
}
static float saved;
static LV2_State_Status store(LV2_State_Handle h, uint32_t key, const void *value, size_t size, uint32_t type,
                              uint32_t flags) {
    (void)h, (void)key, (void)flags;
    if (type != map_uri(NULL, LV2_ATOM__Float) || size != sizeof(float)) return LV2_STATE_ERR_BAD_TYPE;
    memcpy(&saved, value, sizeof saved);
    return LV2_STATE_SUCCESS;
}

static const LV2_Descriptor *load(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) { fprintf(stderr, "bad-input: %s\n", dlerror()); return NULL; }
    const LV2_Descriptor *(*entry)(uint32_t) = (const LV2_Descriptor *(*)(uint32_t))dlsym(library, "lv2_descriptor");
    return entry ? entry(0) : NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: bad-input GAIN.so SYNTH.so\n"); return 2; }
    const LV2_Descriptor *gain = load(argv[1]), *synth = load(argv[2]);
    if (!gain || !synth) return 1;
    check(gain->instantiate(gain, 0, "", features) == NULL, "instantiate at 0 Hz is refused");
    check(gain->instantiate(gain, NAN, "", features) == NULL, "instantiate at NaN Hz is refused");
    const LV2_Feature *none[] = {NULL};
    check(synth->instantiate(synth, 48000, "", none) == NULL, "the synth without urid:map (required) is refused");
    check(synth->instantiate(synth, 48000, "", NULL) == NULL, "the synth with a NULL feature list is refused");

    LV2_Handle amp = gain->instantiate(gain, 48000, "", features);
    check(amp != NULL, "the gain instantiates at 48 kHz");
    if (!amp) return 1;
    float in[64], out[64], db = -12, junk[64];
    for (int i = 0; i < 64; i++) in[i] = 0.5f, out[i] = 7;
    gain->connect_port(amp, 0, in);
    gain->connect_port(amp, 1, out);
    gain->connect_port(amp, 2, &db);
    gain->connect_port(amp, 99, junk);
    gain->connect_port(amp, UINT32_MAX, junk);
    gain->run(amp, 64);
    check(out[0] == 0 && out[63] == 0, "run before activate writes silence (unknown ports were ignored)");
    gain->activate(amp);
    gain->run(amp, 64);
    check(fabsf(out[63] - 0.5f * powf(10, -12 / 20.0f)) < 1e-6f, "after activate, the gain is -12 dB");
    gain->connect_port(amp, 0, NULL);
    gain->run(amp, 64);
    check(out[0] == 0 && out[63] == 0, "a NULL input reads as silence");
    gain->connect_port(amp, 1, NULL);
    gain->connect_port(amp, 2, NULL);
    gain->run(amp, 64);
    check(1, "NULL output and control ports: run returns");
    gain->run(amp, 0);
    check(1, "run of 0 frames returns");

    const LV2_State_Interface *state = gain->extension_data(LV2_STATE__interface);
    check(state != NULL, "the gain offers state:interface");
    if (!state) return 1;
    check(state->save(amp, store, NULL, 0, features) == LV2_STATE_SUCCESS && saved == -12, "save holds -12 dB");
    stored.present = 0;
    state->restore(amp, retrieve, NULL, 0, features);
    state->save(amp, store, NULL, 0, features);
    check(saved == -12, "restore with the value missing keeps -12 dB");
    stored.present = 1, stored.type = map_uri(NULL, LV2_ATOM__Int), stored.size = 4, stored.value = 3;
    check(state->restore(amp, retrieve, NULL, 0, features) == LV2_STATE_ERR_BAD_TYPE, "an atom:Int is refused");
    state->save(amp, store, NULL, 0, features);
    check(saved == -12, "... and keeps -12 dB");
    stored.type = map_uri(NULL, LV2_ATOM__Float), stored.size = 2;
    state->restore(amp, retrieve, NULL, 0, features);
    state->save(amp, store, NULL, 0, features);
    check(saved == -12, "a value of 2 bytes keeps -12 dB");
    stored.size = 4, stored.value = NAN;
    state->restore(amp, retrieve, NULL, 0, features);
    state->save(amp, store, NULL, 0, features);
    check(saved == -12, "a NaN keeps -12 dB");
    stored.value = 1000;
    state->restore(amp, retrieve, NULL, 0, features);
    state->save(amp, store, NULL, 0, features);
    check(saved == 12, "a value past the range is clamped to +12 dB");
    stored.value = 3;
    state->restore(amp, retrieve, NULL, 0, features);
    state->save(amp, store, NULL, 0, features);
    check(saved == 3, "a well-formed 3 dB is restored");
    check(state->save(amp, NULL, NULL, 0, features) != LV2_STATE_SUCCESS, "save without a store function is refused");
    gain->deactivate(amp);
    gain->cleanup(amp);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
