#pragma once
// Writing an output file so that a reader, or a run killed half way, sees the
// old contents or the new, never a part: the text goes to a temporary file in
// the same directory, is flushed and synced, and is renamed over the target
// (then the directory is synced, so that the rename survives a crash too).
// A target that is not a regular file (/dev/stdout, /dev/full, a pipe) cannot
// be renamed over: it is written in place. Every write, flush, sync and close
// is checked; a failure throws UsageError naming the file (exit code 2).
#include <string>

namespace arbiter::cli {

// Before a long run: throws unless `path` can be written (its directory
// exists and takes a new file, tried by creating and removing the temporary
// file; or it is an existing writable file that is not a regular one).
void check_writable(const std::string& path);

// Whether `path` is written through a temporary file and a rename (a
// regular file or none yet), so that it may be rewritten as a run goes on.
bool replaceable(const std::string& path);

void write_file(const std::string& path, const std::string& text);

// Flushes standard output; throws if anything written to it was lost.
void finish_standard_output();

}  // namespace arbiter::cli
