// bench-launch PROGRAM ARGS…: runs the program with stdout and stderr on /dev/null, waits for it, and prints
// "wall-seconds cpu-seconds peak-kilobytes" (CPU: user + system).
//
// The benchmarks measure a program through this small parent because a process's peak memory (ru_maxrss)
// keeps the high-water mark of the address space it had before exec: spawned straight from a benchmark, the
// program is charged the benchmark's own tens of MB; forked from here, about one. The clock starts at the
// fork, so this launcher's own start is not timed either.
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval time) { return (double)time.tv_sec + (double)time.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench-launch PROGRAM [ARGS…]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) return 1;
    clock_gettime(CLOCK_MONOTONIC, &end);
    // Said on stderr (the benchmark's output) so that a failed measurement names its cause.
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "bench-launch: %s ended by signal %d\n", argv[1], WTERMSIG(status));
        return 1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) == 127) {
        fprintf(stderr, "bench-launch: %s could not be run\n", argv[1]);
        return 1;
    }
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.6f %.6f %ld\n", wall, seconds(usage.ru_utime) + seconds(usage.ru_stime), usage.ru_maxrss);
    return 0;
}
