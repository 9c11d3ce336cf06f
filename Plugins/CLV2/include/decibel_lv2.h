// LV2's C interface for plugins written with DecibelPluginAuthoring, from Debian's lv2-dev headers (ISC),
// plus the few helpers Swift cannot express: LV2's atom-sequence walk is a set of C macros.
#ifndef DECIBEL_LV2_H
#define DECIBEL_LV2_H

#include <stdint.h>
#include <lv2/atom/atom.h>
#include <lv2/atom/util.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/core/lv2.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/state/state.h>
#include <lv2/urid/urid.h>

/// An LV2 descriptor and the Swift definition it was made from (the host only sees `lv2`, the first member).
typedef struct decibel_lv2_descriptor {
    LV2_Descriptor lv2;
    const void *definition;
} decibel_lv2_descriptor;

/// Decibel's own extension (`DECIBEL_LV2_TURTLE_URI`), asked for through a descriptor's `extension_data`:
/// the plugin's Turtle description, so bundles are generated from the code that runs. `turtle` returns a
/// malloc()ed string the caller frees; `binary` is the shared object's file name within the bundle.
#define DECIBEL_LV2_TURTLE_URI "urn:decibel:lv2:turtle"
typedef struct decibel_lv2_turtle_interface {
    char *(*turtle)(const LV2_Descriptor *descriptor, const char *binary);
} decibel_lv2_turtle_interface;

/// The first event of `sequence` (of `size` bytes of body, as the port's atom says), or NULL.
static inline const LV2_Atom_Event *decibel_lv2_sequence_first(const LV2_Atom_Sequence *sequence) {
    const LV2_Atom_Event *event = lv2_atom_sequence_begin(&sequence->body);
    return lv2_atom_sequence_is_end(&sequence->body, sequence->atom.size, event) ? NULL : event;
}

/// The event after `event` in `sequence`, or NULL at its end.
static inline const LV2_Atom_Event *decibel_lv2_sequence_next(
    const LV2_Atom_Sequence *sequence, const LV2_Atom_Event *event) {
    const LV2_Atom_Event *next = lv2_atom_sequence_next(event);
    return lv2_atom_sequence_is_end(&sequence->body, sequence->atom.size, next) ? NULL : next;
}

/// The bytes of an event's body (for a MIDI event: the message).
static inline const uint8_t *decibel_lv2_event_body(const LV2_Atom_Event *event) {
    return (const uint8_t *)LV2_ATOM_BODY_CONST(&event->body);
}

#endif
