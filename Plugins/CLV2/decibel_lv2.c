// CLV2 is its header (include/decibel_lv2.h); SwiftPM builds a C target from at least one source file.
