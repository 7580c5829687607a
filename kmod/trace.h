/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk's tracepoints: each IO's submission and completion, with the run,
 * the op, where and how long, so that perf, bpftrace and trace-cmd can
 * line ssdk's IOs up with the block layer's (block:block_rq_issue, ...).
 *
 *   perf record -e ssdk:ssdk_io_submit -e ssdk:ssdk_io_complete -a
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ssdk

#if !defined(_SSDK_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SSDK_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(ssdk_io_submit,
	    TP_PROTO(u32 run, u8 op, u64 offset, u32 len, u32 inflight),
	    TP_ARGS(run, op, offset, len, inflight),
	    TP_STRUCT__entry(__field(u32, run)
			     __field(u8, op)
			     __field(u64, offset)
			     __field(u32, len)
			     __field(u32, inflight)),
	    TP_fast_assign(__entry->run = run;
			   __entry->op = op;
			   __entry->offset = offset;
			   __entry->len = len;
			   __entry->inflight = inflight;),
	    TP_printk("run=%u op=%s offset=%llu len=%u inflight=%u", __entry->run,
		      __entry->op ? "write" : "read", __entry->offset, __entry->len,
		      __entry->inflight)
);

TRACE_EVENT(ssdk_io_complete,
	    TP_PROTO(u32 run, u8 op, u64 offset, u32 len, u64 lat_ns, int error),
	    TP_ARGS(run, op, offset, len, lat_ns, error),
	    TP_STRUCT__entry(__field(u32, run)
			     __field(u8, op)
			     __field(u64, offset)
			     __field(u32, len)
			     __field(u64, lat_ns)
			     __field(int, error)),
	    TP_fast_assign(__entry->run = run;
			   __entry->op = op;
			   __entry->offset = offset;
			   __entry->len = len;
			   __entry->lat_ns = lat_ns;
			   __entry->error = error;),
	    TP_printk("run=%u op=%s offset=%llu len=%u lat_ns=%llu error=%d", __entry->run,
		      __entry->op ? "write" : "read", __entry->offset, __entry->len,
		      __entry->lat_ns, __entry->error)
);

#endif /* _SSDK_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
