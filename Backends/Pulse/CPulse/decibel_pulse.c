#include "decibel_pulse.h"

uint32_t decibel_pulse_invalid_index(void) { return PA_INVALID_INDEX; }

uint32_t decibel_pulse_attr_default(void) { return (uint32_t) -1; }

uint32_t decibel_pulse_event_facility(pa_subscription_event_type_t type) {
    return (uint32_t) (type & PA_SUBSCRIPTION_EVENT_FACILITY_MASK);
}

uint32_t decibel_pulse_event_kind(pa_subscription_event_type_t type) {
    return (uint32_t) (type & PA_SUBSCRIPTION_EVENT_TYPE_MASK);
}

#define DECIBEL_PULSE_NAME(name) #name,
static const char *const names[] = { DECIBEL_PULSE_FUNCTIONS(DECIBEL_PULSE_NAME) NULL };

const char *decibel_pulse_function_name(size_t index) {
    return index < sizeof(names) / sizeof(names[0]) ? names[index] : NULL;
}
