// Cairo (image, PNG, SVG, PDF, Xlib surfaces), Xlib and zlib (PNG at a chosen compression) for DecibelPlot.
// Cairo, Xlib and XRandR are loaded when Plot first uses them (cairo_loader.c forwards each function Swift
// calls), so a program that never plots neither needs them installed nor pays for them at start; zlib is
// linked. The helpers below wrap what Swift cannot reach directly: Xlib macros.
#ifndef DECIBEL_CCAIRO_SHIM_H
#define DECIBEL_CCAIRO_SHIM_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-xlib.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrandr.h>
#include <zlib.h>

/// The file descriptor of the X connection (the `ConnectionNumber` macro), for poll().
static inline int decibel_cairo_x_connection_fd(Display *display) { return ConnectionNumber(display); }
/// The default screen number (the `DefaultScreen` macro).
static inline int decibel_cairo_x_default_screen(Display *display) { return DefaultScreen(display); }
/// The root window of `screen` (the `RootWindow` macro).
static inline Window decibel_cairo_x_root_window(Display *display, int screen) { return RootWindow(display, screen); }
/// The default visual of `screen` (the `DefaultVisual` macro).
static inline Visual *decibel_cairo_x_default_visual(Display *display, int screen) { return DefaultVisual(display, screen); }
/// The black pixel of `screen` (the `BlackPixel` macro).
static inline unsigned long decibel_cairo_x_black_pixel(Display *display, int screen) { return BlackPixel(display, screen); }

/// Loads Cairo, and Xlib and XRandR too when `window` (each once: later calls give the first answer). On failure
/// writes what is missing and what to install into `message` and returns false; a forwarding function called
/// anyway ends the program with that message, so Swift code asks this first wherever it can throw.
bool decibel_plot_libraries_load(bool window, char *message, size_t capacity);

#endif
