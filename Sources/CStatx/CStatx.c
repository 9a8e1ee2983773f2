// See include/CStatx.h for why this exists.
#ifdef __linux__
#define _GNU_SOURCE  // statx and AT_EMPTY_PATH are GNU extensions in glibc's headers
#endif

#include "CStatx.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#if defined(__linux__) || defined(__GLIBC__)
#include <sys/sysmacros.h>  // major, minor, makedev (BSDs and macOS have them in sys/types.h)
#endif

static cstatx_kind kind_of_mode(uint32_t mode) {
    switch (mode & S_IFMT) {
    case S_IFREG: return CSTATX_KIND_REGULAR;
    case S_IFDIR: return CSTATX_KIND_DIRECTORY;
    case S_IFIFO: return CSTATX_KIND_FIFO;
    case S_IFCHR:
    case S_IFBLK: return CSTATX_KIND_DEVICE;
    case S_IFSOCK: return CSTATX_KIND_SOCKET;
    case S_IFLNK: return CSTATX_KIND_SYMLINK;
    default: return CSTATX_KIND_OTHER;
    }
}

static cstatx_status failure(int error) {
    cstatx_status status;
    memset(&status, 0, sizeof status);
    status.error = error;
    return status;
}

// The portable answer: stat(2) knows no birth time, so has_birth_time stays 0.
static cstatx_status from_stat(const struct stat *st) {
    cstatx_status status;
    memset(&status, 0, sizeof status);
    status.device = (uint64_t)st->st_dev;
    status.device_major = (uint32_t)major(st->st_dev);
    status.device_minor = (uint32_t)minor(st->st_dev);
#if defined(__APPLE__)
    status.modified_seconds = (int64_t)st->st_mtimespec.tv_sec;
    status.modified_nanoseconds = (uint32_t)st->st_mtimespec.tv_nsec;
    status.changed_seconds = (int64_t)st->st_ctimespec.tv_sec;
    status.changed_nanoseconds = (uint32_t)st->st_ctimespec.tv_nsec;
#else
    status.modified_seconds = (int64_t)st->st_mtim.tv_sec;
    status.modified_nanoseconds = (uint32_t)st->st_mtim.tv_nsec;
    status.changed_seconds = (int64_t)st->st_ctim.tv_sec;
    status.changed_nanoseconds = (uint32_t)st->st_ctim.tv_nsec;
#endif
    status.inode = (uint64_t)st->st_ino;
    status.size = (int64_t)st->st_size;
    status.links = (uint32_t)st->st_nlink;
    status.mode = (uint32_t)st->st_mode;
    status.kind = kind_of_mode(status.mode);
    return status;
}

static cstatx_status stat_path(const char *path, int follow_symlinks) {
    struct stat st;
    int result = follow_symlinks ? stat(path, &st) : lstat(path, &st);
    return result == 0 ? from_stat(&st) : failure(errno);
}

static cstatx_status stat_at(int directory, const char *name, int follow_symlinks) {
    struct stat st;
    int result = fstatat(directory, name, &st, follow_symlinks ? 0 : AT_SYMLINK_NOFOLLOW);
    return result == 0 ? from_stat(&st) : failure(errno);
}

static cstatx_status stat_fd(int fd) {
    struct stat st;
    return fstat(fd, &st) == 0 ? from_stat(&st) : failure(errno);
}

#ifdef __linux__

static cstatx_status from_statx(const struct statx *sx) {
    cstatx_status status;
    memset(&status, 0, sizeof status);
    status.device_major = sx->stx_dev_major;
    status.device_minor = sx->stx_dev_minor;
    // Combined as st_dev is, so the number matches what stat(2) and other tools report.
    status.device = (uint64_t)makedev(sx->stx_dev_major, sx->stx_dev_minor);
    status.inode = sx->stx_ino;
    status.size = (int64_t)sx->stx_size;
    status.modified_seconds = sx->stx_mtime.tv_sec;
    status.modified_nanoseconds = sx->stx_mtime.tv_nsec;
    status.changed_seconds = sx->stx_ctime.tv_sec;
    status.changed_nanoseconds = sx->stx_ctime.tv_nsec;
    // The kernel clears STATX_BTIME in stx_mask when the file system does not record it.
    if (sx->stx_mask & STATX_BTIME) {
        status.has_birth_time = 1;
        status.birth_seconds = sx->stx_btime.tv_sec;
        status.birth_nanoseconds = sx->stx_btime.tv_nsec;
    }
    status.links = sx->stx_nlink;
    status.mode = sx->stx_mode;
    status.kind = kind_of_mode(status.mode);
    return status;
}

// Old kernels (before 4.11) and some seccomp sandboxes refuse statx itself (ENOSYS, or EPERM
// from the filter): then stat answers instead, and its error, if any, is the real one.
static int statx_refused(int error) {
    return error == ENOSYS || error == EPERM;
}

cstatx_status cstatx_path(const char *path, int follow_symlinks) {
    struct statx sx;
    int flags = follow_symlinks ? 0 : AT_SYMLINK_NOFOLLOW;
    if (statx(AT_FDCWD, path, flags, STATX_BASIC_STATS | STATX_BTIME, &sx) == 0) return from_statx(&sx);
    return statx_refused(errno) ? stat_path(path, follow_symlinks) : failure(errno);
}

cstatx_status cstatx_at(int directory, const char *name, int follow_symlinks) {
    struct statx sx;
    int flags = follow_symlinks ? 0 : AT_SYMLINK_NOFOLLOW;
    if (statx(directory, name, flags, STATX_BASIC_STATS | STATX_BTIME, &sx) == 0) return from_statx(&sx);
    return statx_refused(errno) ? stat_at(directory, name, follow_symlinks) : failure(errno);
}

cstatx_status cstatx_fd(int fd) {
    struct statx sx;
    // AT_EMPTY_PATH with "" asks about fd itself: the file that was opened, wherever it is now.
    if (statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS | STATX_BTIME, &sx) == 0) return from_statx(&sx);
    return statx_refused(errno) ? stat_fd(fd) : failure(errno);
}

#else

cstatx_status cstatx_path(const char *path, int follow_symlinks) {
    return stat_path(path, follow_symlinks);
}

cstatx_status cstatx_at(int directory, const char *name, int follow_symlinks) {
    return stat_at(directory, name, follow_symlinks);
}

cstatx_status cstatx_fd(int fd) {
    return stat_fd(fd);
}

#endif
