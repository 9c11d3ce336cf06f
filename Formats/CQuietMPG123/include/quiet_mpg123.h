// libsndfile decodes MP3 with libmpg123, which prints every damaged frame to stderr ("error: dequantization
// failed!", "Note: Trying to resync...") and offers no way to stop it but a flag on each decoder handle,
// which libsndfile does not set. This target defines mpg123_new: linked into a program with
// DecibelFormats, it is the one libsndfile calls; it creates the handle with libmpg123's own mpg123_new
// and adds MPG123_QUIET. Decoding is unchanged; the library's messages are not printed. Written for
// Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_QUIET_MPG123_H
#define DECIBEL_QUIET_MPG123_H

/// 1 once a handle has been made quiet (for tests).
int decibel_mpg123_quiet_handles(void);

#endif
