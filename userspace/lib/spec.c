// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/* Do not edit directly, auto-generated from:
 * 	Documentation/netlink/specs/ssdk.yaml
 * by scripts/ynl-gen-ssdk.py */

#include <stddef.h>

#include <linux/ssdk.h>

#include "spec.h"

static const char *const cap_names[] = {
	"highres-timers",
	"bio",
	"kfile",
	"bare",
};

static const char *const cap_docs[] = {
	"High resolution timers are active, so timer-driven pacing and null_blk's timer mode complete with nanosecond precision.",
	"The bio engine, submitting straight to the block layer.",
	"The kfile engine: IO on a regular file through its filesystem's read_iter and write_iter, from the kernel.",
	"The benchmark's baseline build (ssdk_bare.ko): it submits IOs as ssdk does and records nothing of them (no latency, statistics, slowest IOs nor time series), so its results are no measurement. libssdk refuses runs on it unless SSDK_ALLOW_BARE=1 is in the environment.",
};

static const char *const engine_names[] = {
	"bio",
	"kfile",
};

static const char *const engine_docs[] = {
	"Bios submitted straight to the block layer of a block device (the target).",
	"Asynchronous kiocbs on a regular file (the target) through its filesystem, O_DIRECT unless buffered: the filesystem's cost on top of the bio engine's.",
};

static const char *const rw_names[] = {
	"read",
	"write",
	"randread",
	"randwrite",
	"randrw",
	"readwrite",
};

static const char *const rw_docs[] = {
	"Sequential reads.",
	"Sequential writes.",
	"Reads at uniformly random block-aligned offsets.",
	"Writes at uniformly random block-aligned offsets.",
	"Reads and writes at random offsets, each IO a read with the probability rwmixread.",
	"Reads and writes on one sequential cursor, each IO a read with the probability rwmixread.",
};

static const char *const state_names[] = {
	"running",
	"stopping",
	"done",
	"stopped",
	"failed",
};

static const char *const state_docs[] = {
	"Submitting IO.",
	"Asked to stop; waiting for its IOs in flight.",
	"Reached its runtime or IO count.",
	"Stopped by a user or by the module's unloading; results are partial.",
	"Could not go on: an IO error past max-errors (by default the first), or its target went away; its IOs in flight complete and count, the results so far are kept, and the reason attribute says why.",
};

static const char *const op_names[] = {
	"read",
	"write",
};

static const char *const op_docs[] = {
	"",
	"",
};

static const char *const lat_kind_names[] = {
	"service",
	"response",
	"lateness",
	"block",
	"device",
	"end-io",
	"reap",
	"idle",
};

static const char *const lat_kind_docs[] = {
	"From the IO's submission to its completion.",
	"From the IO's scheduled arrival to its completion: the service time plus the wait for a free slot (open-loop arrivals only).",
	"From the IO's scheduled arrival to its submission: how late the worker issued it, waiting for a free slot or for its own wake-up (open-loop arrivals only): a replay's fidelity to its trace's times.",
	"Anatomy (runs with anatomy): from the IO's submission to its dispatch to the driver (the block layer's block_rq_issue): the plug, the wait for a tag, the IO scheduler, a requeue; blktrace's Q2D. For a bio-based device (dm, md), which has no request of its own, the whole latency is its device stage and none is here.",
	"Anatomy: from the IO's dispatch to the driver to the driver's completion of its request (block_rq_complete), the device as the host sees it, its interrupt included; blktrace's D2C. For a bio-based device (dm, md): from submission to completion, all of it the driver's.",
	"Anatomy: from the driver's completion of the request to the IO's end_io in ssdk, where its latency ends: the completion of the bios before it in the request. block, device and end-io add up to the latency exactly.",
	"Anatomy: from the IO's end_io to the worker's reaping it: the worker's wake-up, and the IOs reaped before it in the same batch. After the latency, not in it.",
	"Anatomy: how long the IO's slot stayed empty before it: from its previous IO's end_io to this IO's submission (the reap, the recording, the choice of the next IO); the device's queue is one IO short for that long. Not in the latency.",
};

static const char *const pattern_names[] = {
	"random",
	"zeros",
	"repeat",
	"compressible",
};

static const char *const pattern_docs[] = {
	"Incompressible and fresh for every IO: bytes copied from a random place of a 4 MiB pool of random data, with a new random word in every 512-byte sector, so no two written sectors are alike.",
	"Every byte zero.",
	"Every byte pattern-byte.",
	"In each 512-byte chunk, random bytes then zeros, the zeros compress-pct percent of the chunk; refreshed for every IO as random is.",
};

static const char *const arrivals_names[] = {
	"paced",
	"uniform",
	"poisson",
};

static const char *const arrivals_docs[] = {
	"Closed loop: IOs go out no faster than rate-iops, on a fixed schedule that slips when no slot is free; latency is service time.",
	"Open loop: IOs arrive on a fixed schedule whatever the device does; those that find no free slot wait, and response time counts from the scheduled arrival.",
	"Open loop, with exponentially distributed gaps between arrivals.",
};

static const char *const purge_method_names[] = {
	"discard",
	"secure-discard",
	"write-zeroes",
};

static const char *const purge_method_docs[] = {
	"Discard (TRIM, NVMe deallocate) the span: the device may unmap it; what it then reads is the device's to say.",
	"Secure erase of the span (REQ_OP_SECURE_ERASE).",
	"The device's own zeroing (REQ_OP_WRITE_ZEROES), never writes of zero pages: the span reads back zeros.",
};

static const char *const steady_track_names[] = {
	"iops",
	"bw",
	"lat-mean",
};

static const char *const steady_track_docs[] = {
	"Measured IOs completed in the round, all ops.",
	"Their bytes.",
	"Their mean latency.",
};

static const char *const replay_timing_names[] = {
	"original",
	"afap",
};

static const char *const replay_timing_docs[] = {
	"Each at its recorded arrival, counted from the first IO's and scaled by replay-scale: an open loop, whose response time counts from that arrival and whose IOs that find no free slot are late.",
	"As fast as the queue depth allows, in the trace's order: a closed loop of iodepth IOs, their times ignored.",
};

static const char *const replay_remap_names[] = {
	"none",
	"offset",
	"span",
};

static const char *const replay_remap_docs[] = {
	"At their recorded offsets; a trace that reaches past the target is refused.",
	"Shifted by the run's offset, the trace's layout kept; refused when that reaches past the span.",
	"Folded into the run's span (offset, span): an IO at byte X of the trace goes to offset + X mod span, moved back to end at the span's end when it would pass it.",
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr info_attrs[] = {
	[SSDK_A_INFO_VERSION] =
		{ "version", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Version of the module (git describe at build time)." },
	[SSDK_A_INFO_KERNEL_RELEASE] =
		{ "kernel-release", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Release of the running kernel, as uname -r prints it." },
	[SSDK_A_INFO_CAPS] =
		{ "caps", SSDK_SPEC_TYPE_U64, 0, SSDK_SPEC_ENUM_CAP, -1, 0ULL, 0ULL, 0ULL, "Capabilities of this build, a mask of cap flags." },
	[SSDK_A_INFO_CPUS] =
		{ "cpus", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Number of online CPUs." },
	[SSDK_A_INFO_CLOCK_RES_NS] =
		{ "clock-res-ns", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Resolution of the clock that timestamps IOs, in nanoseconds." },
	[SSDK_A_INFO_MAX_RUNS] =
		{ "max-runs", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "How many runs, running or finished, the module keeps at once." },
	[SSDK_A_INFO_HIST_SUB_BITS] =
		{ "hist-sub-bits", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Layout of the latency histograms: each power of two of nanoseconds is split into 2^hist-sub-bits buckets." },
	[SSDK_A_INFO_HIST_BUCKETS] =
		{ "hist-buckets", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Number of buckets of a latency histogram." },
	[SSDK_A_INFO_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_INFO_MEM_BUDGET] =
		{ "mem-budget", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Bytes that runs and traces may pin together (module parameter mem_budget; by default a quarter of RAM, at least 64 MiB). A run-start or trace-new that needs more than is left is refused with ENOSPC." },
	[SSDK_A_INFO_MEM_USED] =
		{ "mem-used", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Bytes reserved against mem-budget: what the runs kept and the traces held pin, as the module priced them at run-start and trace-new. 0 when there are none." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr run_attrs[] = {
	[SSDK_A_RUN_ID] =
		{ "id", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "Identifier of a run, unique while the module is loaded." },
	[SSDK_A_RUN_STATE] =
		{ "state", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_STATE, -1, 0ULL, 4ULL, 0ULL, "" },
	[SSDK_A_RUN_TARGET] =
		{ "target", SSDK_SPEC_TYPE_STRING, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 4095ULL, 0ULL, "Path of what the run acts on: a block device (engine bio) or a regular file on a mounted filesystem (engine kfile)." },
	[SSDK_A_RUN_RW] =
		{ "rw", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_RW, -1, 0ULL, 5ULL, 2ULL, "" },
	[SSDK_A_RUN_BS] =
		{ "bs", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 512ULL, 1048576ULL, 4096ULL, "Bytes per IO, a multiple of the device's logical block size, at most max-bs. (The policy checks the minimum only: a range check above 32767 needs a const range struct that 6.1's policy type cannot point to; the handler checks the maximum.)" },
	[SSDK_A_RUN_IODEPTH] =
		{ "iodepth", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 1024ULL, 1ULL, "IOs kept in flight." },
	[SSDK_A_RUN_OFFSET] =
		{ "offset", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Start of the span the run's IOs fall in, in bytes." },
	[SSDK_A_RUN_SPAN] =
		{ "span", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "Length of that span in bytes; absent, up to the target's end." },
	[SSDK_A_RUN_RUNTIME_NS] =
		{ "runtime-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 31536000000000000ULL, 0ULL, "How long to submit IO after the ramp; 0 for no limit. With neither runtime-ns nor ios, a run goes until run-stop. At most max-duration-ns." },
	[SSDK_A_RUN_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "How many IOs to submit in all, ramp included; 0 for no limit." },
	[SSDK_A_RUN_RAMP_NS] =
		{ "ramp-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 31536000000000000ULL, 0ULL, "Time at the start whose IOs are left out of the statistics; at most max-duration-ns." },
	[SSDK_A_RUN_SEED] =
		{ "seed", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Seed of the offsets' and the written data's generator." },
	[SSDK_A_RUN_CPU] =
		{ "cpu", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "CPU the run's worker is bound to (all of them, when it has several); absent for any CPU. Not with cpus." },
	[SSDK_A_RUN_ALLOW_WRITE] =
		{ "allow-write", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Consent to write to (and so destroy data on) the target." },
	[SSDK_A_RUN_REASON] =
		{ "reason", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Why a run failed or stopped." },
	[SSDK_A_RUN_TARGET_SIZE] =
		{ "target-size", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Size of the target in bytes." },
	[SSDK_A_RUN_LOGICAL_BLOCK_SIZE] =
		{ "logical-block-size", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Logical block size of the target in bytes." },
	[SSDK_A_RUN_ELAPSED_NS] =
		{ "elapsed-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Time since the run started, ramp included." },
	[SSDK_A_RUN_MEASURED_NS] =
		{ "measured-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Length of the measurement window so far: from the end of the ramp to the last completion of a measured IO." },
	[SSDK_A_RUN_COMPLETED] =
		{ "completed", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs completed so far, ramp included." },
	[SSDK_A_RUN_IOPS_NOW] =
		{ "iops-now", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs completed per second over the last second." },
	[SSDK_A_RUN_STATS] =
		{ "stats", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_STATS, 0ULL, 0ULL, 0ULL, "Statistics of the measured IOs, one nest per op and latency kind (response time only with open-loop arrivals)." },
	[SSDK_A_RUN_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_RUN_RWMIXREAD] =
		{ "rwmixread", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 0ULL, 100ULL, 50ULL, "Percentage of reads of randrw and readwrite (default 50)." },
	[SSDK_A_RUN_BS_SPLIT] =
		{ "bs-split", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_HAS_MAX | SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_BS_SPLIT, 0ULL, 16ULL, 0ULL, "Block sizes with their share of the IOs, instead of bs; at most max-bs-split entries whose percentages add up to 100." },
	[SSDK_A_RUN_ALIGN] =
		{ "align", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 512ULL, 0ULL, 0ULL, "Random offsets are multiples of align (from offset plus align-offset); default, the smallest block size." },
	[SSDK_A_RUN_ALIGN_OFFSET] =
		{ "align-offset", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Where, within align, the IOs start; default 0." },
	[SSDK_A_RUN_STRIDE] =
		{ "stride", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "Distance between the starts of consecutive sequential IOs; absent, the size of the IO before." },
	[SSDK_A_RUN_PATTERN] =
		{ "pattern", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_PATTERN, -1, 0ULL, 3ULL, 0ULL, "What writes write; default random." },
	[SSDK_A_RUN_PATTERN_BYTE] =
		{ "pattern-byte", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 255ULL, 0ULL, "The byte of the repeat pattern." },
	[SSDK_A_RUN_COMPRESS_PCT] =
		{ "compress-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 99ULL, 0ULL, "Percentage of each buffer that compresses away (compressible)." },
	[SSDK_A_RUN_RATE_IOPS] =
		{ "rate-iops", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "Submit at most this many IOs per second (default, no limit)." },
	[SSDK_A_RUN_ARRIVALS] =
		{ "arrivals", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_ARRIVALS, -1, 0ULL, 2ULL, 0ULL, "The schedule of a rate-limited run's IOs; default paced." },
	[SSDK_A_RUN_LATE] =
		{ "late", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Open loop (a rate with open-loop arrivals, or a replay with original timing): IOs whose scheduled arrival found no free slot, so that their response time exceeds their service time." },
	[SSDK_A_RUN_ENGINE] =
		{ "engine", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_ENGINE, -1, 0ULL, 1ULL, 0ULL, "How the IOs reach the target; default bio." },
	[SSDK_A_RUN_BUFFERED] =
		{ "buffered", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "kfile: go through the page cache instead of O_DIRECT. Buffered file IO completes in its submitter, so iodepth must be 1." },
	[SSDK_A_RUN_SLOWEST_N] =
		{ "slowest-n", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 0ULL, 4096ULL, 64ULL, "How many of the slowest measured IOs the run keeps, with where and when each went (slowest-get); default 64." },
	[SSDK_A_RUN_SLOWEST] =
		{ "slowest", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_HAS_MAX | SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_IO, 0ULL, 4096ULL, 0ULL, "One of a run's slowest IOs, in slowest-get's replies." },
	[SSDK_A_RUN_TS_INTERVAL_NS] =
		{ "ts-interval-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 10000000ULL, 31536000000000000ULL, 1000000000ULL, "Length of the intervals of the run's time series, at least 10 ms (10000000), at most max-duration-ns; default 1 s." },
	[SSDK_A_RUN_TS_COUNT] =
		{ "ts-count", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Intervals of the time series closed so far (timeseries-get)." },
	[SSDK_A_RUN_TS_DROPPED] =
		{ "ts-dropped", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs that completed after the last interval the time series had room for (module parameter ts_max_points)." },
	[SSDK_A_RUN_FROM] =
		{ "from", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The first record a timeseries-get or captured-get dump returns (an interval, a captured IO); default 0." },
	[SSDK_A_RUN_INTERVAL] =
		{ "interval", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_INTERVAL, 0ULL, 0ULL, 0ULL, "One interval of a run's time series, in timeseries-get's replies." },
	[SSDK_A_RUN_CAPTURE_OVER_NS] =
		{ "capture-over-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 31536000000000000ULL, 0ULL, "Record every measured IO whose latency reaches this many ns, in completion order (captured-get); absent: none. At most max-duration-ns." },
	[SSDK_A_RUN_CAPTURED_COUNT] =
		{ "captured-count", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs captured so far." },
	[SSDK_A_RUN_CAPTURED_DROPPED] =
		{ "captured-dropped", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs over capture-over-ns that found the capture full (module parameter capture_max)." },
	[SSDK_A_RUN_CAPTURED] =
		{ "captured", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_IO, 0ULL, 0ULL, 0ULL, "One captured IO, in captured-get's replies." },
	[SSDK_A_RUN_MAX_ERRORS] =
		{ "max-errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IO errors a run goes on through: the one past them fails it (its IOs in flight complete and count). 0 or absent: the first error fails the run; all ones: no error does. Failed IOs are counted per op, never in the latencies." },
	[SSDK_A_RUN_OWNED] =
		{ "owned", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The run belongs to the netlink socket that started it: when that socket closes (its process exited or was killed), the run stops. Without it, a run outlives its controller." },
	[SSDK_A_RUN_IO_ERRORS] =
		{ "io-errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs that completed with an error so far, those of the ramp included." },
	[SSDK_A_RUN_DRY_RUN] =
		{ "dry-run", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Check the request, and change nothing. run-start checks it against its target as it would to start a run (the target opened with the consent and exclusivity that writes need, the access pattern checked against its geometry), then closes the target: no run is made, no IO is issued, and the reply has no id. run-del checks that the run could be deleted. A command of several steps asks this of each before taking the first." },
	[SSDK_A_RUN_PURGE] =
		{ "purge", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_PURGE_METHOD, -1, 0ULL, 2ULL, 0ULL, "Instead of IO, purge the span with this method, in chunks of purge-chunk from its start, each counted as a write of its length (its latency the chunk's time); needs allow-write and engine bio, and none of the attributes of IO (rw, bs, iodepth, rate, rounds, a runtime or an IO count). Refused when the device does not offer the method." },
	[SSDK_A_RUN_ROUNDS] =
		{ "rounds", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 1000ULL, 0ULL, "Run in rounds of round-ns, this many at most: rounds x round-ns is the runtime (runtime-ns is then left out). Each round is a whole number of the time series' intervals, counted from the ramp's end." },
	[SSDK_A_RUN_ROUND_NS] =
		{ "round-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 31536000000000000ULL, 0ULL, "Length of a round: a multiple of ts-interval-ns (and so must the ramp be), with rounds; rounds x round-ns at most max-duration-ns." },
	[SSDK_A_RUN_STEADY_TRACK] =
		{ "steady-track", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_STEADY_TRACK, -1, 0ULL, 2ULL, 0ULL, "Test steady state after each round from round steady-window on, on this variable, and end the run at the first round whose window passes (SNIA PTS): its max - min within steady-range-pct of its average and its least-squares line's excursion across the window within steady-slope-pct of it. Needs rounds, at least steady-window of them." },
	[SSDK_A_RUN_STEADY_RANGE_PCT] =
		{ "steady-range-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 100ULL, 20ULL, "The range bound, in percent of the window's average; default 20." },
	[SSDK_A_RUN_STEADY_SLOPE_PCT] =
		{ "steady-slope-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 100ULL, 10ULL, "The slope bound, in percent of the window's average; default 10." },
	[SSDK_A_RUN_ROUNDS_DONE] =
		{ "rounds-done", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Rounds ended so far." },
	[SSDK_A_RUN_STEADY_ROUND] =
		{ "steady-round", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The round (from 1) at whose end steady state was reached, the last of the measurement window; absent while it has not been." },
	[SSDK_A_RUN_BATCH] =
		{ "batch", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 32ULL, 0ULL, "Submit in batches of this many IOs: the worker waits until as many slots are free (or as many IOs are left to submit), then submits all its free slots under one plug, their requests allocated together and handed to the driver together (its queue_rqs where it has one). Each IO keeps its own submission stamp, so its latency includes its wait in the plug while the rest of the batch is built. At most iodepth; not with rate-iops (a paced run's IOs go when they are due). Absent or 1: the IOs go as soon as a slot is free, those of the slots freed together under one plug, as io_uring submits several SQEs." },
	[SSDK_A_RUN_POLLED] =
		{ "polled", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Engine bio: submit polled bios (REQ_POLLED), which the device queues on its poll queues and completes only when asked, and have the worker poll for their completions, spinning on its CPU, instead of sleeping until an interrupt. Refused when the device has no poll queue (null_blk and nvme: module parameter poll_queues); not with rate-iops." },
	[SSDK_A_RUN_CPU_NS] =
		{ "cpu-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "CPU time the run's worker thread used, from its start to its end (the scheduler's account: utime and stime, to a tick); reported once the run has ended." },
	[SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS] =
		{ "measurement-overhead-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "What measuring costs per IO on this machine, calibrated by the worker on its CPU before its first IO: two clock reads (the submission and completion stamps) and the recording of one IO in the statistics (counters and histogram), the fastest of several trials; with anatomy, its three clock reads more and the recording of the IO's five stages too." },
	[SSDK_A_RUN_CLOCK_READ_NS] =
		{ "clock-read-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "One clock read (ktime_get_ns()) as calibrated with measurement-overhead-ns: the part of the measurement that falls inside every latency, the floor under the shortest one." },
	[SSDK_A_RUN_UNPOLLED] =
		{ "unpolled", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Polled runs: IOs the block layer took off polling, which then completed by interrupt: a bio split to the device's limits, a zoned write queued behind its zone, a multipath failover." },
	[SSDK_A_RUN_WORKERS] =
		{ "workers", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 64ULL, 0ULL, "Kernel threads the run's IOs go out from, each with its own iodepth slots (the run keeps workers x iodepth IOs in flight), its own draws of the access pattern (seed, seed ^ a constant times its index...; sequential IOs: its own equal part of the span) and its own records, merged exactly when read: counters and histograms added, the slowest IOs the slowest of all. A time series interval's p99 is the largest of the workers' p99, an upper bound of the run's. An IO count is shared out, the first workers taking one more. All start together, after each has calibrated. Not with rate-iops, rounds, capture-over-ns or purge. Absent: 1." },
	[SSDK_A_RUN_CPUS] =
		{ "cpus", SSDK_SPEC_TYPE_U32, SSDK_SPEC_MULTI, -1, -1, 0ULL, 0ULL, 0ULL, "CPUs the workers are bound to, in turn: worker i to the (i mod n)-th of the n given. At most max-workers of them; not with cpu." },
	[SSDK_A_RUN_TRACE] =
		{ "trace", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "Replay this trace (trace-new, trace-load; fully loaded, by this socket) instead of drawing IOs: its reads and writes, in its order, at most ios of them. A run that starts takes the trace and frees it when deleted; a dry run or a refusal leaves it to its uploader. Not with rw, bs, bs-split, rwmixread, align, align-offset, stride, rate-iops, arrivals, rounds, purge nor more than one worker. Its status reports rw as randread, or as randrw with rwmixread the trace's share of reads (rounded down), and bs as its largest IO." },
	[SSDK_A_RUN_REPLAY_TIMING] =
		{ "replay-timing", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_REPLAY_TIMING, -1, 0ULL, 1ULL, 0ULL, "When a replay issues its IOs; default original." },
	[SSDK_A_RUN_REPLAY_SCALE] =
		{ "replay-scale", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 1000000ULL, 1000ULL, "A replay with original timing: its times multiplied by this many thousandths (2000 makes it last twice as long, 500 half as long); default 1000." },
	[SSDK_A_RUN_REPLAY_REMAP] =
		{ "replay-remap", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_REPLAY_REMAP, -1, 0ULL, 2ULL, 0ULL, "Where a replay's IOs go; default none." },
	[SSDK_A_RUN_ANATOMY] =
		{ "anatomy", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Engine bio: time the stages of every IO (lat-kind block, device, end-io, reap, idle): their histograms beside the service time's, and each slowest and captured IO with its stages. The block layer is timed by probes on its tracepoints block_rq_issue and block_rq_complete, attached while a run with anatomy goes (every IO of the machine then passes through them); each costs the measured IOs two clock reads more, and the reaping one per batch." },
	[SSDK_A_RUN_ANATOMY_UNSPLIT] =
		{ "anatomy-unsplit", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Runs with anatomy: measured IOs whose request the block layer's tracepoints did not see: those of a bio-based device (dm, md), whose latency is all in the device stage. (A bio the block layer split is timed by the request of its last part, the others' time falling in its block or end-io stage.)" },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr stats_attrs[] = {
	[SSDK_A_STATS_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL, "" },
	[SSDK_A_STATS_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Measured IOs that completed without error." },
	[SSDK_A_STATS_BYTES] =
		{ "bytes", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_STATS_ERRORS] =
		{ "errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Measured IOs that completed with an error (not in the latencies)." },
	[SSDK_A_STATS_LAT_MIN_NS] =
		{ "lat-min-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_STATS_LAT_MAX_NS] =
		{ "lat-max-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_STATS_LAT_SUM_NS] =
		{ "lat-sum-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_STATS_LAT_SUMSQ_HI] =
		{ "lat-sumsq-hi", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "High 64 bits of the 128-bit sum of squared latencies (ns^2)." },
	[SSDK_A_STATS_LAT_SUMSQ_LO] =
		{ "lat-sumsq-lo", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Low 64 bits of the 128-bit sum of squared latencies (ns^2)." },
	[SSDK_A_STATS_BUCKET] =
		{ "bucket", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_BUCKET, 0ULL, 0ULL, 0ULL, "Non-empty histogram buckets, in increasing order; only in the parts of a results-get dump after the first." },
	[SSDK_A_STATS_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_STATS_KIND] =
		{ "kind", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_LAT_KIND, -1, 0ULL, 7ULL, 0ULL, "What the latencies measure; absent for service time." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr io_attrs[] = {
	[SSDK_A_IO_LAT_NS] =
		{ "lat-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Latency of the IO, from submission to completion." },
	[SSDK_A_IO_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL, "" },
	[SSDK_A_IO_OFFSET] =
		{ "offset", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Where it went, in bytes." },
	[SSDK_A_IO_LEN] =
		{ "len", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Its length in bytes." },
	[SSDK_A_IO_T_NS] =
		{ "t-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "When it was submitted, from the run's start (ramp included)." },
	[SSDK_A_IO_CPU_SUBMIT] =
		{ "cpu-submit", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "CPU it was submitted on." },
	[SSDK_A_IO_CPU_COMPLETE] =
		{ "cpu-complete", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "CPU its completion ran on." },
	[SSDK_A_IO_INFLIGHT] =
		{ "inflight", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs of the run in flight at its submission, itself included." },
	[SSDK_A_IO_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_IO_BLOCK_NS] =
		{ "block-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The IO's block stage (anatomy; see lat-kind block)." },
	[SSDK_A_IO_DEVICE_NS] =
		{ "device-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Its device stage (anatomy)." },
	[SSDK_A_IO_END_IO_NS] =
		{ "end-io-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Its end-io stage (anatomy); block-ns + device-ns + end-io-ns = lat-ns." },
	[SSDK_A_IO_REAP_NS] =
		{ "reap-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "From its end_io to the worker's reaping it (anatomy)." },
	[SSDK_A_IO_IDLE_NS] =
		{ "idle-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Anatomy: its slot's idle time before it, from the previous IO's end_io to its submission; absent for a slot's first IO." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr interval_attrs[] = {
	[SSDK_A_INTERVAL_INDEX] =
		{ "index", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Index of the interval; it starts at index x ts-interval-ns." },
	[SSDK_A_INTERVAL_OPS] =
		{ "ops", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_INTERVAL_OP, 0ULL, 0ULL, 0ULL, "What completed in it, per op (an op with no IO is left out)." },
	[SSDK_A_INTERVAL_HEAT] =
		{ "heat", SSDK_SPEC_TYPE_BINARY, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The latencies of the measured IOs (reads and writes) that completed without error in the interval, counted per heat bucket (heat-buckets), from bucket 0 up to the last that is not empty; absent for an interval in which none completed. A row of a latency heatmap (time on x, latency on y, count as colour)." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr interval_op_attrs[] = {
	[SSDK_A_INTERVAL_OP_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL, "" },
	[SSDK_A_INTERVAL_OP_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Measured IOs that completed in the interval without error." },
	[SSDK_A_INTERVAL_OP_BYTES] =
		{ "bytes", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_INTERVAL_OP_LAT_SUM_NS] =
		{ "lat-sum-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_INTERVAL_OP_LAT_MAX_NS] =
		{ "lat-max-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_INTERVAL_OP_LAT_P99_NS] =
		{ "lat-p99-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The 99th percentile latency, from the run's histogram (the interval's IOs are its difference over the interval): the upper bound of the bucket holding it, at most 1/256 above the true value, never below it, never above lat-max-ns." },
	[SSDK_A_INTERVAL_OP_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_INTERVAL_OP_STAGE] =
		{ "stage", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_INTERVAL_STAGE, 0ULL, 0ULL, 0ULL, "Runs with anatomy: one stage of the op's IOs in the interval (a stage none of them had is left out)." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr interval_stage_attrs[] = {
	[SSDK_A_INTERVAL_STAGE_KIND] =
		{ "kind", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_LAT_KIND, -1, 0ULL, 7ULL, 0ULL, "The stage, a lat-kind from block on." },
	[SSDK_A_INTERVAL_STAGE_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "IOs of the interval timed in the stage." },
	[SSDK_A_INTERVAL_STAGE_LAT_SUM_NS] =
		{ "lat-sum-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The sum of their stage's times." },
	[SSDK_A_INTERVAL_STAGE_LAT_MAX_NS] =
		{ "lat-max-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The largest." },
	[SSDK_A_INTERVAL_STAGE_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr bs_split_attrs[] = {
	[SSDK_A_BS_SPLIT_BS] =
		{ "bs", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 512ULL, 0ULL, 0ULL, "A block size, as the run's bs." },
	[SSDK_A_BS_SPLIT_PCT] =
		{ "pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 100ULL, 0ULL, "Percentage of the IOs of this size." },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr bucket_attrs[] = {
	[SSDK_A_BUCKET_INDEX] =
		{ "index", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL, "Bucket index in the layout info-get describes." },
	[SSDK_A_BUCKET_COUNT] =
		{ "count", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
	[SSDK_A_BUCKET_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL, "" },
};

/* name, type, flags, enum_id, nested, min, max, dflt, doc */
static const struct ssdk_spec_attr trace_attrs[] = {
	[SSDK_A_TRACE_ID] =
		{ "id", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL, "A trace loaded for a replay, unique while the module is loaded; seen by the socket that made it only, and freed when it closes unless a run has taken it." },
	[SSDK_A_TRACE_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 2097152ULL, 0ULL, "trace-new: the IOs the trace will hold. trace-load's reply: the IOs loaded so far." },
	[SSDK_A_TRACE_CHUNK] =
		{ "chunk", SSDK_SPEC_TYPE_BINARY, 0, -1, -1, 0ULL, 0ULL, 0ULL, "The trace's next IOs, an array of struct replay-io in the host's byte order, following those loaded before: 2730 at most, as an attribute holds 64 KiB." },
};

static const uint16_t info_get_do_request[] = {
	SSDK_A_INFO_PAD,
	0
};

static const uint16_t info_get_do_reply[] = {
	SSDK_A_INFO_VERSION,
	SSDK_A_INFO_KERNEL_RELEASE,
	SSDK_A_INFO_CAPS,
	SSDK_A_INFO_CPUS,
	SSDK_A_INFO_CLOCK_RES_NS,
	SSDK_A_INFO_MAX_RUNS,
	SSDK_A_INFO_HIST_SUB_BITS,
	SSDK_A_INFO_HIST_BUCKETS,
	SSDK_A_INFO_MEM_BUDGET,
	SSDK_A_INFO_MEM_USED,
	0
};

static const uint16_t run_start_do_request[] = {
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_ALLOW_WRITE,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_DRY_RUN,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_TRACE,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t run_start_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_get_do_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,
	0
};

static const uint16_t run_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,
	0
};

static const uint16_t run_stop_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_stop_do_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	0
};

static const uint16_t run_del_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_DRY_RUN,
	0
};

static const uint16_t results_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t results_get_do_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,
	0
};

static const uint16_t results_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,
	0
};

static const uint16_t run_end_ntf_do_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,
	0
};

static const uint16_t slowest_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t slowest_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t slowest_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_SLOWEST,
	0
};

static const uint16_t timeseries_get_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_FROM,
	0
};

static const uint16_t timeseries_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t timeseries_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_INTERVAL,
	0
};

static const uint16_t captured_get_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_FROM,
	0
};

static const uint16_t captured_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t captured_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_CAPTURED,
	0
};

static const uint16_t trace_new_do_request[] = {
	SSDK_A_TRACE_IOS,
	0
};

static const uint16_t trace_new_do_reply[] = {
	SSDK_A_TRACE_ID,
	0
};

static const uint16_t trace_load_do_request[] = {
	SSDK_A_TRACE_ID,
	SSDK_A_TRACE_CHUNK,
	0
};

static const uint16_t trace_load_do_reply[] = {
	SSDK_A_TRACE_ID,
	SSDK_A_TRACE_IOS,
	0
};

const struct ssdk_spec_set ssdk_spec_sets[SSDK_SPEC_NR_SETS] = {
	[SSDK_SPEC_SET_INFO] = { "info", SSDK_A_INFO_MAX, info_attrs },
	[SSDK_SPEC_SET_RUN] = { "run", SSDK_A_RUN_MAX, run_attrs },
	[SSDK_SPEC_SET_STATS] = { "stats", SSDK_A_STATS_MAX, stats_attrs },
	[SSDK_SPEC_SET_IO] = { "io", SSDK_A_IO_MAX, io_attrs },
	[SSDK_SPEC_SET_INTERVAL] = { "interval", SSDK_A_INTERVAL_MAX, interval_attrs },
	[SSDK_SPEC_SET_INTERVAL_OP] = { "interval-op", SSDK_A_INTERVAL_OP_MAX, interval_op_attrs },
	[SSDK_SPEC_SET_INTERVAL_STAGE] = { "interval-stage", SSDK_A_INTERVAL_STAGE_MAX, interval_stage_attrs },
	[SSDK_SPEC_SET_BS_SPLIT] = { "bs-split", SSDK_A_BS_SPLIT_MAX, bs_split_attrs },
	[SSDK_SPEC_SET_BUCKET] = { "bucket", SSDK_A_BUCKET_MAX, bucket_attrs },
	[SSDK_SPEC_SET_TRACE] = { "trace", SSDK_A_TRACE_MAX, trace_attrs },
};

const struct ssdk_spec_enum ssdk_spec_enums[SSDK_SPEC_NR_ENUMS] = {
	[SSDK_SPEC_ENUM_CAP] = { "cap", 1, 4, cap_names, cap_docs },
	[SSDK_SPEC_ENUM_ENGINE] = { "engine", 0, 2, engine_names, engine_docs },
	[SSDK_SPEC_ENUM_RW] = { "rw", 0, 6, rw_names, rw_docs },
	[SSDK_SPEC_ENUM_STATE] = { "state", 0, 5, state_names, state_docs },
	[SSDK_SPEC_ENUM_OP] = { "op", 0, 2, op_names, op_docs },
	[SSDK_SPEC_ENUM_LAT_KIND] = { "lat-kind", 0, 8, lat_kind_names, lat_kind_docs },
	[SSDK_SPEC_ENUM_PATTERN] = { "pattern", 0, 4, pattern_names, pattern_docs },
	[SSDK_SPEC_ENUM_ARRIVALS] = { "arrivals", 0, 3, arrivals_names, arrivals_docs },
	[SSDK_SPEC_ENUM_PURGE_METHOD] = { "purge-method", 0, 3, purge_method_names, purge_method_docs },
	[SSDK_SPEC_ENUM_STEADY_TRACK] = { "steady-track", 0, 3, steady_track_names, steady_track_docs },
	[SSDK_SPEC_ENUM_REPLAY_TIMING] = { "replay-timing", 0, 2, replay_timing_names, replay_timing_docs },
	[SSDK_SPEC_ENUM_REPLAY_REMAP] = { "replay-remap", 0, 3, replay_remap_names, replay_remap_docs },
};

const struct ssdk_spec_op ssdk_spec_ops[14] = {
	[SSDK_CMD_INFO_GET] = { "info-get", SSDK_SPEC_SET_INFO,
		.do_request = info_get_do_request, .do_reply = info_get_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_START] = { "run-start", SSDK_SPEC_SET_RUN,
		.do_request = run_start_do_request, .do_reply = run_start_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_GET] = { "run-get", SSDK_SPEC_SET_RUN,
		.do_request = run_get_do_request, .do_reply = run_get_do_reply, .dump_reply = run_get_dump_reply },
	[SSDK_CMD_RUN_STOP] = { "run-stop", SSDK_SPEC_SET_RUN,
		.do_request = run_stop_do_request, .do_reply = run_stop_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_DEL] = { "run-del", SSDK_SPEC_SET_RUN,
		.do_request = run_del_do_request, .do_reply = NULL, .dump_reply = NULL },
	[SSDK_CMD_RESULTS_GET] = { "results-get", SSDK_SPEC_SET_RUN,
		.do_request = results_get_do_request, .do_reply = results_get_do_reply, .dump_reply = results_get_dump_reply },
	[SSDK_CMD_RUN_END_NTF] = { "run-end-ntf", SSDK_SPEC_SET_RUN,
		.do_request = NULL, .do_reply = run_end_ntf_do_reply, .dump_reply = NULL },
	[SSDK_CMD_SLOWEST_GET] = { "slowest-get", SSDK_SPEC_SET_RUN,
		.do_request = slowest_get_do_request, .do_reply = slowest_get_do_reply, .dump_reply = slowest_get_dump_reply },
	[SSDK_CMD_TIMESERIES_GET] = { "timeseries-get", SSDK_SPEC_SET_RUN,
		.do_request = timeseries_get_do_request, .do_reply = timeseries_get_do_reply, .dump_reply = timeseries_get_dump_reply },
	[SSDK_CMD_CAPTURED_GET] = { "captured-get", SSDK_SPEC_SET_RUN,
		.do_request = captured_get_do_request, .do_reply = captured_get_do_reply, .dump_reply = captured_get_dump_reply },
	[SSDK_CMD_TRACE_NEW] = { "trace-new", SSDK_SPEC_SET_TRACE,
		.do_request = trace_new_do_request, .do_reply = trace_new_do_reply, .dump_reply = NULL },
	[SSDK_CMD_TRACE_LOAD] = { "trace-load", SSDK_SPEC_SET_TRACE,
		.do_request = trace_load_do_request, .do_reply = trace_load_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_PROGRESS_NTF] = { "run-progress-ntf", SSDK_SPEC_SET_RUN,
		.do_request = NULL, .do_reply = NULL, .dump_reply = NULL },
};
