// The URID map both test hosts hand their plugins: URIs numbered from 1 in the order first asked for.
#ifndef DECIBEL_TEST_URID_MAP_H
#define DECIBEL_TEST_URID_MAP_H

#include <lv2/urid/urid.h>
#include <string.h>

static const char *uris[64];
static LV2_URID map_uri(LV2_URID_Map_Handle h, const char *uri) {
    (void)h;
    for (int i = 1; i < 64; i++) {
        if (!uris[i]) { uris[i] = strdup(uri); return i; }
        if (!strcmp(uris[i], uri)) return i;
    }
    return 0;
}

#endif
