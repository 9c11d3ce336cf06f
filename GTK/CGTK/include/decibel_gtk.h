// CGTK: the GTK 4 functions DecibelGTK calls, declared here (no GTK headers needed to build) and
// resolved at run time: DecibelGTK dlopen()s libgtk-4.so.1 and fills the table with dlsym() (see
// BackendLibrary in DecibelCore), so a program that links DecibelGTK still starts where GTK is missing
// and says so in one line. GLib and GObject come in with GTK; dlsym() on its handle finds their symbols.
// The prototypes are GTK 4.8's (Debian 12); the types are opaque pointers, as DecibelGTK only passes them on.
#ifndef DECIBEL_GTK_H
#define DECIBEL_GTK_H

#include <stddef.h>
#include <stdint.h>

typedef struct _cairo cairo_t;
typedef struct _GtkWidget GtkWidget;
typedef struct _GtkApplication GtkApplication;
typedef struct _GdkFrameClock GdkFrameClock;
typedef struct _GtkStyleContext GtkStyleContext;
typedef struct _GtkEventController GtkEventController;
typedef struct _GtkNativeDialog GtkNativeDialog;
typedef struct _GFile GFile;
typedef struct { float red, green, blue, alpha; } decibel_gdk_rgba;

typedef void (*decibel_gtk_draw_func)(GtkWidget *_Nonnull area, cairo_t *_Nonnull cr, int width, int height,
                                      void *_Nullable data);
typedef int (*decibel_gtk_tick_func)(GtkWidget *_Nonnull widget, GdkFrameClock *_Nonnull clock, void *_Nullable data);
typedef int (*decibel_g_source_func)(void *_Nullable data);
typedef void (*decibel_g_callback)(void);
typedef void (*decibel_g_destroy_notify)(void *_Nullable data);

GtkApplication *_Nullable gtk_application_new(const char *_Nullable id, int flags);
int g_application_run(void *_Nonnull application, int argc, char *_Nullable *_Nullable argv);
void g_application_quit(void *_Nonnull application);
void g_application_hold(void *_Nonnull application);
void g_application_release(void *_Nonnull application);
void g_object_unref(void *_Nonnull object);
unsigned long g_signal_connect_data(void *_Nonnull instance, const char *_Nonnull signal,
                                    decibel_g_callback _Nonnull handler, void *_Nullable data,
                                    void *_Nullable destroy, int flags);
unsigned int g_timeout_add(unsigned int interval, decibel_g_source_func _Nonnull function, void *_Nullable data);
unsigned int g_idle_add(decibel_g_source_func _Nonnull function, void *_Nullable data);
int gtk_init_check(void);
GtkWidget *_Nonnull gtk_application_window_new(GtkApplication *_Nonnull application);
void gtk_window_set_title(GtkWidget *_Nonnull window, const char *_Nullable title);
void gtk_window_set_default_size(GtkWidget *_Nonnull window, int width, int height);
void gtk_window_set_child(GtkWidget *_Nonnull window, GtkWidget *_Nullable child);
void gtk_window_present(GtkWidget *_Nonnull window);
void gtk_window_destroy(GtkWidget *_Nonnull window);
GtkWidget *_Nonnull gtk_box_new(int orientation, int spacing);
void gtk_box_append(GtkWidget *_Nonnull box, GtkWidget *_Nonnull child);
GtkWidget *_Nonnull gtk_button_new_with_label(const char *_Nullable label);
void gtk_button_set_label(GtkWidget *_Nonnull button, const char *_Nullable label);
GtkWidget *_Nonnull gtk_label_new(const char *_Nullable text);
void gtk_label_set_text(GtkWidget *_Nonnull label, const char *_Nullable text);
GtkWidget *_Nonnull gtk_drawing_area_new(void);
void gtk_drawing_area_set_draw_func(GtkWidget *_Nonnull area, decibel_gtk_draw_func _Nullable function,
                                    void *_Nullable data, decibel_g_destroy_notify _Nullable destroy);
void gtk_widget_set_size_request(GtkWidget *_Nonnull widget, int width, int height);
void gtk_widget_set_hexpand(GtkWidget *_Nonnull widget, int expand);
void gtk_widget_set_vexpand(GtkWidget *_Nonnull widget, int expand);
void gtk_widget_set_margin_start(GtkWidget *_Nonnull widget, int margin);
void gtk_widget_set_margin_end(GtkWidget *_Nonnull widget, int margin);
void gtk_widget_set_margin_top(GtkWidget *_Nonnull widget, int margin);
void gtk_widget_set_margin_bottom(GtkWidget *_Nonnull widget, int margin);
void gtk_widget_queue_draw(GtkWidget *_Nonnull widget);
unsigned int gtk_widget_add_tick_callback(GtkWidget *_Nonnull widget, decibel_gtk_tick_func _Nonnull function,
                                          void *_Nullable data, decibel_g_destroy_notify _Nullable destroy);
int gtk_widget_get_width(GtkWidget *_Nonnull widget);
int gtk_widget_get_height(GtkWidget *_Nonnull widget);
int gtk_widget_get_scale_factor(GtkWidget *_Nonnull widget);
void gtk_widget_add_controller(GtkWidget *_Nonnull widget, GtkEventController *_Nonnull controller);
GtkStyleContext *_Nonnull gtk_widget_get_style_context(GtkWidget *_Nonnull widget);
void gtk_style_context_get_color(GtkStyleContext *_Nonnull context, decibel_gdk_rgba *_Nonnull color);
int gtk_style_context_lookup_color(GtkStyleContext *_Nonnull context, const char *_Nonnull name,
                                   decibel_gdk_rgba *_Nonnull color);
GtkEventController *_Nonnull gtk_gesture_click_new(void);
GtkEventController *_Nonnull gtk_gesture_drag_new(void);
GtkEventController *_Nonnull gtk_event_controller_scroll_new(int flags);
GtkNativeDialog *_Nonnull gtk_file_chooser_native_new(const char *_Nullable title, GtkWidget *_Nullable parent,
                                                       int action, const char *_Nullable accept,
                                                       const char *_Nullable cancel);
void gtk_native_dialog_show(GtkNativeDialog *_Nonnull dialog);
GFile *_Nullable gtk_file_chooser_get_file(void *_Nonnull chooser);
char *_Nullable g_file_get_path(GFile *_Nonnull file);
int gtk_widget_translate_coordinates(GtkWidget *_Nonnull source, GtkWidget *_Nonnull target, double x, double y,
                                     double *_Nonnull target_x, double *_Nonnull target_y);
GtkWidget *_Nullable gtk_widget_get_native(GtkWidget *_Nonnull widget);
void gtk_native_get_surface_transform(GtkWidget *_Nonnull native, double *_Nonnull x, double *_Nonnull y);
void g_free(void *_Nullable memory);

/// Every GTK, GLib and GObject function DecibelGTK calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_GTK_FUNCTIONS(X) \
    X(gtk_application_new) X(g_application_run) X(g_application_quit) X(g_application_hold) \
    X(g_application_release) X(g_object_unref) X(g_signal_connect_data) X(g_timeout_add) X(g_idle_add) \
    X(gtk_init_check) X(gtk_application_window_new) X(gtk_window_set_title) X(gtk_window_set_default_size) \
    X(gtk_window_set_child) X(gtk_window_present) X(gtk_window_destroy) X(gtk_box_new) X(gtk_box_append) \
    X(gtk_button_new_with_label) X(gtk_button_set_label) X(gtk_label_new) X(gtk_label_set_text) \
    X(gtk_drawing_area_new) X(gtk_drawing_area_set_draw_func) X(gtk_widget_set_size_request) \
    X(gtk_widget_set_hexpand) X(gtk_widget_set_vexpand) X(gtk_widget_set_margin_start) \
    X(gtk_widget_set_margin_end) X(gtk_widget_set_margin_top) X(gtk_widget_set_margin_bottom) \
    X(gtk_widget_queue_draw) X(gtk_widget_add_tick_callback) X(gtk_widget_get_width) X(gtk_widget_get_height) \
    X(gtk_widget_get_scale_factor) X(gtk_widget_add_controller) X(gtk_widget_get_style_context) \
    X(gtk_style_context_get_color) X(gtk_style_context_lookup_color) X(gtk_gesture_click_new) \
    X(gtk_gesture_drag_new) X(gtk_event_controller_scroll_new) X(gtk_file_chooser_native_new) \
    X(gtk_native_dialog_show) X(gtk_file_chooser_get_file) X(g_file_get_path) X(g_free) \
    X(gtk_widget_translate_coordinates) X(gtk_widget_get_native) X(gtk_native_get_surface_transform)

/// The functions above, resolved at run time (field names match the C functions).
typedef struct decibel_gtk_api {
#define DECIBEL_GTK_FIELD(name) __typeof__(name) *_Nonnull name;
    DECIBEL_GTK_FUNCTIONS(DECIBEL_GTK_FIELD)
#undef DECIBEL_GTK_FIELD
} decibel_gtk_api;

/// The name of `decibel_gtk_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_gtk_function_name(size_t index);

#endif
