// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of libssdk's traces (lib/trace*.c) and of the CLI's synthetic
 * ones (cli/model/trace_make.c), on the kselftest harness:
 * files written here in each format are read back IO for IO; a synthetic
 * mix's summary equals the figures counted while it was made; truncated
 * and corrupt files are refused with the byte offset where they went
 * wrong, and random damage never reads past a file or crashes. A trace
 * made from a recipe reads back as what was counted while making it.
 */

#include <byteswap.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/blktrace_api.h>

#include "kselftest_harness.h"
#include "libssdk.h"
#include "test_random.h"
#include "trace_make.h"
#include "trace_record.h"

static char path[] = "/tmp/ssdk-trace-test.XXXXXX";

/* A file of @n bytes at the test's path. */
static void put(const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, n, f) != n || fclose(f))
		abort();
}

/* The trace last read, freed by the next read: tests return anywhere. */
static struct ssdk_trace *last;

static int read_trace(struct ssdk_trace **t, char *err)
{
	int ret;

	ssdk_trace_free(last);
	ret = ssdk_trace_read(path, t, err, SSDK_ERROR_LEN);
	last = *t;
	return ret;
}

static void __attribute__((constructor)) make_path(void)
{
	int fd = mkstemp(path);

	if (fd < 0)
		abort();
	close(fd);
}

static void __attribute__((destructor)) remove_path(void)
{
	ssdk_trace_free(last);
	unlink(path);
}

/* --- fio iolog ---------------------------------------------------------------- */

TEST(iolog3_read_back)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static const char log[] =
		"fio version 3 iolog\n"
		"0 /dev/nullb0 add\n"
		"3 /dev/nullb0 open\n"
		"10 /dev/nullb0 read 4096 4096\n"
		"25 /dev/nullb0 write 8192 131072\n"
		"25 /dev/nullb0 trim 1048576 65536\n"
		"1000 /dev/nullb0 sync 0 0\n"
		"1200 /dev/nullb0 close\n";
	const struct ssdk_trace_io *io;

	put(log, sizeof(log) - 1);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(4ULL, ssdk_trace_nr(t));
	io = ssdk_trace_ios(t);
	/* times from the first IO's, in ns */
	EXPECT_EQ(0ULL, io[0].t_ns);
	EXPECT_EQ(SSDK_OP_READ, io[0].op);
	EXPECT_EQ(4096ULL, io[0].offset);
	EXPECT_EQ(4096U, io[0].len);
	EXPECT_EQ(15000ULL, io[1].t_ns);
	EXPECT_EQ(SSDK_OP_WRITE, io[1].op);
	EXPECT_EQ(131072U, io[1].len);
	EXPECT_EQ(15000ULL, io[2].t_ns);
	EXPECT_EQ(SSDK_TRACE_OP_DISCARD, io[2].op);
	EXPECT_EQ(990000ULL, io[3].t_ns);
	EXPECT_EQ(SSDK_TRACE_OP_FLUSH, io[3].op);
	EXPECT_EQ(0U, io[3].len);
	EXPECT_EQ(0, io[0].qd);
}

TEST(iolog2_waits_are_times)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static const char log[] =
		"fio version 2 iolog\n"
		"/dev/sdb add\n"
		"/dev/sdb open\n"
		"/dev/sdb read 0 4096\n"
		"/dev/sdb wait 100 0\n"
		"/dev/sdb read 4096 4096\n"
		"\n"
		"/dev/sdb wait 50 0\n"		/* past already: no wait */
		"/dev/sdb write 0 512\n"
		"/dev/sdb wait 150 0\n"
		"/dev/sdb write 512 512\n";
	struct ssdk_trace_summary s;
	const struct ssdk_trace_io *io;

	put(log, sizeof(log) - 1);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	/* fio 3.33's wait: not before so many ms from the start */
	ASSERT_EQ(4ULL, ssdk_trace_nr(t));
	io = ssdk_trace_ios(t);
	EXPECT_EQ(0ULL, io[0].t_ns);
	EXPECT_EQ(100000000ULL, io[1].t_ns);
	EXPECT_EQ(100000000ULL, io[2].t_ns);
	EXPECT_EQ(150000000ULL, io[3].t_ns);
	ASSERT_EQ(0, ssdk_trace_summarize(t, &s));
	EXPECT_EQ((uint32_t)SSDK_TRACE_FORMAT_IOLOG2, s.format);
	EXPECT_EQ((uint32_t)SSDK_TRACE_HAS_TIME, s.flags);
	EXPECT_EQ(150000000ULL, s.duration_ns);
}

TEST(iolog2_without_waits_has_no_time)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static const char log[] = "fio version 2 iolog\n/dev/sdb read 0 4096\n";
	struct ssdk_trace_summary s;

	put(log, sizeof(log) - 1);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(0, ssdk_trace_summarize(t, &s));
	EXPECT_EQ(0U, s.flags);
	EXPECT_EQ(0ULL, s.duration_ns);
}

/* A bad line: refused, the message naming its byte offset and line. */
static void bad_iolog(struct __test_metadata *_metadata, const char *log, const char *want)
{
	struct ssdk_trace *t = (struct ssdk_trace *)1;
	char err[SSDK_ERROR_LEN];

	put(log, strlen(log));
	ASSERT_EQ(-EBADMSG, ssdk_trace_read(path, &t, err, sizeof(err))) TH_LOG("%s", log);
	EXPECT_EQ(NULL, t);
	EXPECT_NE(NULL, strstr(err, want)) TH_LOG("'%s' lacks '%s'", err, want);
}

TEST(iolog_bad_lines)
{
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a read 0 4096\n/dev/a bogus 0 1\n",
		  "byte 39 (line 3): not an IO (read, write, trim, sync, datasync, sync_file_range, "
		  "wait): 'bogus'");
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a read x 4096\n",
		  "byte 20 (line 2): not an offset in bytes: 'x'");
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a read 0 4294967296\n",
		  "(line 2): not a length in bytes: '4294967296'");
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a read 0\n",
		  "(line 2): not FILE ACTION [OFFSET LENGTH]");
	bad_iolog(_metadata, "fio version 3 iolog\n5 /dev/a read 0 512\n9 /dev/a wait 1 0\n",
		  "(line 3): not an IO (read, write, trim, sync, datasync, sync_file_range): 'wait'");
	bad_iolog(_metadata, "fio version 3 iolog\n5 /dev/a read 0 512\nfio version 3 iolog\n",
		  "byte 40 (line 3): a second header: fio appends its log to a file that exists");
	bad_iolog(_metadata, "fio version 3 iolog\n-5 /dev/a read 0 512\n",
		  "(line 2): not a time in microseconds: '-5'");
	bad_iolog(_metadata, "fio version 3 iolog\n5 /dev/a read 0 512\n6 /dev/b read 0 512\n",
		  "byte 40 (line 3): IOs of a second file (a trace is one device's): '/dev/b'");
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a shut\n",
		  "(line 2): not a file's action (add, open, close): 'shut'");
	bad_iolog(_metadata, "fio version 2 iolog\n/dev/a read 18446744073709551615 2\n",
		  "(line 2): an IO past the end of 64-bit offsets");
}

/* Bytes no text has: refused, not cut short at the NUL. */
TEST(iolog_nul_byte)
{
	static const char log[] = "fio version 2 iolog\n/dev/a read 0 4096\n/dev/a re\0ad 0 1\n";
	struct ssdk_trace *t = (struct ssdk_trace *)1;
	char err[SSDK_ERROR_LEN];

	put(log, sizeof(log) - 1);
	ASSERT_EQ(-EBADMSG, ssdk_trace_read(path, &t, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "byte 39 (line 3): a NUL byte in a line of text")) TH_LOG("%s", err);
}

TEST(unknown_format)
{
	struct ssdk_trace *t = NULL;
	static const char text[] = "fio version 4 iolog\n";
	char err[SSDK_ERROR_LEN];

	put(text, sizeof(text) - 1);
	EXPECT_EQ(-EPROTO, read_trace(&t, err));
	EXPECT_NE(NULL, strstr(err, "byte 0: not a trace ssdk reads")) TH_LOG("%s", err);
	EXPECT_EQ(-ENOENT, ssdk_trace_read("/nonexistent/trace", &t, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "/nonexistent/trace: No such file")) TH_LOG("%s", err);
}

/* --- blktrace ----------------------------------------------------------------- */

#define DEV	((8u << 20) | 16)	/* 8:16 */

/* A growing blktrace file in memory, in native or swapped byte order. */
struct bt_file {
	unsigned char buf[1 << 16];
	size_t n;
	int swap;
	uint32_t seq;
};

static uint32_t s32(const struct bt_file *b, uint32_t v)
{
	return b->swap ? bswap_32(v) : v;
}

static uint64_t s64(const struct bt_file *b, uint64_t v)
{
	return b->swap ? bswap_64(v) : v;
}

static void bt_add(struct bt_file *b, uint64_t time, uint32_t action, uint64_t sector,
		   uint32_t bytes, uint32_t dev, uint16_t pdu_len)
{
	struct blk_io_trace t = {
		.magic = s32(b, BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION),
		.sequence = s32(b, b->seq++), .time = s64(b, time),
		.sector = s64(b, sector), .bytes = s32(b, bytes), .action = s32(b, action),
		.device = s32(b, dev),
		.pdu_len = b->swap ? bswap_16(pdu_len) : pdu_len,
	};

	memcpy(b->buf + b->n, &t, sizeof(t));
	b->n += sizeof(t);
	memset(b->buf + b->n, 0xab, pdu_len);
	b->n += pdu_len;
}

#define W	BLK_TC_ACT(BLK_TC_WRITE)

/*
 * QD 2 then 1: two reads queued and issued, a write queued while both are
 * in flight, completions; a notify record, a cgroup payload, a merge, a
 * passthrough command and a discard among them. Records of CPU 1
 * interleaved out of time order, as blktrace's per-CPU streams merge.
 */
static void bt_workload(struct bt_file *b)
{
	bt_add(b, 1000, BLK_TN_PROCESS, 0, 0, DEV, 16);
	bt_add(b, 1000, BLK_TA_QUEUE, 8, 4096, DEV, 0);
	bt_add(b, 1100, BLK_TA_GETRQ, 8, 4096, DEV, 0);
	bt_add(b, 1200, BLK_TA_ISSUE, 8, 4096, DEV, 0);
	bt_add(b, 3000, BLK_TA_QUEUE | __BLK_TA_CGROUP, 16, 4096, DEV, 8);	/* CPU 1, read at 3000 */
	bt_add(b, 2000, BLK_TA_QUEUE, 64, 8192, DEV, 0);		/* CPU 0 again, earlier */
	bt_add(b, 2100, BLK_TA_BACKMERGE, 64, 8192, DEV, 0);
	bt_add(b, 2200, BLK_TA_ISSUE, 64, 8192, DEV, 0);
	bt_add(b, 3100, BLK_TA_ISSUE | __BLK_TA_CGROUP, 16, 4096, DEV, 8);
	bt_add(b, 3500, BLK_TA_QUEUE | W, 128, 65536, DEV, 0);	/* 3 in flight: QD 4 */
	bt_add(b, 4000, BLK_TA_COMPLETE, 8, 4096, DEV, 0);
	bt_add(b, 4100, BLK_TA_COMPLETE, 64, 8192, DEV, 0);
	bt_add(b, 4200, BLK_TA_COMPLETE, 16, 4096, DEV, 0);
	bt_add(b, 4300, BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_PC), 0, 0, DEV, 12);
	bt_add(b, 5000, BLK_TA_QUEUE | W | BLK_TC_ACT(BLK_TC_DISCARD), 1024, 1 << 20, DEV, 0);
	bt_add(b, 6000, BLK_TA_QUEUE | W | BLK_TC_ACT(BLK_TC_FLUSH), 0, 0, DEV, 0);
}

static void check_workload(struct __test_metadata *_metadata, const struct ssdk_trace *t)
{
	static const struct {
		uint64_t t_ns, offset;
		uint32_t len;
		uint8_t op;
		uint16_t qd;
	} want[] = {
		{ 0, 8 * 512, 4096, SSDK_OP_READ, 1 },
		{ 1000, 64 * 512, 8192, SSDK_OP_READ, 2 },
		{ 2000, 16 * 512, 4096, SSDK_OP_READ, 3 },
		{ 2500, 128 * 512, 65536, SSDK_OP_WRITE, 4 },
		{ 4000, 1024 * 512, 1 << 20, SSDK_TRACE_OP_DISCARD, 1 },
		{ 5000, 0, 0, SSDK_TRACE_OP_FLUSH, 1 },
	};
	const struct ssdk_trace_io *io = ssdk_trace_ios(t);
	unsigned int i;

	ASSERT_EQ(ARRAY_SIZE(want), ssdk_trace_nr(t));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		EXPECT_EQ(want[i].t_ns, io[i].t_ns) TH_LOG("IO %u", i);
		EXPECT_EQ(want[i].offset, io[i].offset) TH_LOG("IO %u", i);
		EXPECT_EQ(want[i].len, io[i].len) TH_LOG("IO %u", i);
		EXPECT_EQ(want[i].op, io[i].op) TH_LOG("IO %u", i);
		EXPECT_EQ(want[i].qd, io[i].qd) TH_LOG("IO %u", i);
	}
}

TEST(blktrace_read_back)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static struct bt_file b;
	struct ssdk_trace_summary s;

	memset(&b, 0, sizeof(b));
	bt_workload(&b);
	put(b.buf, b.n);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	check_workload(_metadata, t);
	ASSERT_EQ(0, ssdk_trace_summarize(t, &s));
	EXPECT_EQ((uint32_t)(SSDK_TRACE_HAS_TIME | SSDK_TRACE_HAS_QD), s.flags);
	EXPECT_EQ(1ULL, s.qd_ios[0]);
	EXPECT_EQ(1ULL, s.qd_ios[1]);
	EXPECT_EQ(1ULL, s.qd_ios[2]);
	EXPECT_EQ(1ULL, s.qd_ios[3]);
}

TEST(blktrace_other_byte_order)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static struct bt_file b;

	memset(&b, 0, sizeof(b));
	b.swap = 1;
	bt_workload(&b);
	put(b.buf, b.n);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	check_workload(_metadata, t);
}

static void bad_blktrace(struct __test_metadata *_metadata, const struct bt_file *b, size_t n,
			 const char *want)
{
	struct ssdk_trace *t = (struct ssdk_trace *)1;
	char err[SSDK_ERROR_LEN];

	put(b->buf, n);
	ASSERT_EQ(-EBADMSG, ssdk_trace_read(path, &t, err, sizeof(err)));
	EXPECT_EQ(NULL, t);
	EXPECT_NE(NULL, strstr(err, want)) TH_LOG("'%s' lacks '%s'", err, want);
}

TEST(blktrace_damage)
{
	static struct bt_file b;
	size_t rec = sizeof(struct blk_io_trace);
	uint32_t v;

	memset(&b, 0, sizeof(b));
	bt_workload(&b);
	/* cut in the second record's header, and in the first's payload */
	bad_blktrace(_metadata, &b, rec + 16 + 20, "byte 64: a record cut short (20 of 48 bytes)");
	bad_blktrace(_metadata, &b, rec + 10, "byte 0: a record's payload cut short");
	/* another magic, another version */
	memcpy(&v, b.buf + rec + 16, 4);
	memcpy(b.buf + rec + 16, "XXXX", 4);
	bad_blktrace(_metadata, &b, b.n, "byte 64: no record's magic");
	v = BLK_IO_TRACE_MAGIC | 6;
	memcpy(b.buf + rec + 16, &v, 4);
	bad_blktrace(_metadata, &b, b.n, "byte 64: records of version 6; ssdk reads 7");
	/* a second device */
	memset(&b, 0, sizeof(b));
	bt_add(&b, 1, BLK_TA_QUEUE, 0, 512, DEV, 0);
	bt_add(&b, 2, BLK_TA_QUEUE, 0, 512, DEV + 1, 0);
	bad_blktrace(_metadata, &b, b.n, "byte 48: events of devices 8:16 and 8:17");
}

/* Version 8 (struct blk_io_trace2): 64 bytes, pid and a 64-bit action swapped. */
static void bt2_add(struct bt_file *b, uint64_t time, uint64_t action, uint64_t sector,
		    uint32_t bytes, uint16_t pdu_len)
{
	unsigned char r[64] = { 0 };
	uint32_t magic = BLK_IO_TRACE_MAGIC | 8, dev = DEV;

	memcpy(r, &magic, 4);
	memcpy(r + 8, &time, 8);
	memcpy(r + 16, &sector, 8);
	memcpy(r + 24, &bytes, 4);
	memcpy(r + 32, &action, 8);
	memcpy(r + 40, &dev, 4);
	memcpy(r + 50, &pdu_len, 2);
	memcpy(b->buf + b->n, r, sizeof(r));
	b->n += sizeof(r) + pdu_len;
}

TEST(blktrace_version_8)
{
	static struct bt_file b;
	const struct ssdk_trace_io *io;
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];

	memset(&b, 0, sizeof(b));
	bt2_add(&b, 100, BLK_TA_QUEUE, 8, 4096, 8);
	bt2_add(&b, 200, BLK_TA_ISSUE, 8, 4096, 0);
	/* a zone reset (category bit 17 + 16): no data, not an IO */
	bt2_add(&b, 250, BLK_TA_QUEUE | (1ULL << 33) | W, 0, 0, 0);
	bt2_add(&b, 300, BLK_TA_QUEUE | W, 16, 8192, 0);
	bt2_add(&b, 400, BLK_TA_COMPLETE, 8, 4096, 0);
	put(b.buf, b.n);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(2ULL, ssdk_trace_nr(t));
	io = ssdk_trace_ios(t);
	EXPECT_EQ(0ULL, io[0].t_ns);
	EXPECT_EQ(4096ULL, io[0].offset);
	EXPECT_EQ(SSDK_OP_READ, io[0].op);
	EXPECT_EQ(1, io[0].qd);
	EXPECT_EQ(200ULL, io[1].t_ns);
	EXPECT_EQ(8192U, io[1].len);
	EXPECT_EQ(SSDK_OP_WRITE, io[1].op);
	EXPECT_EQ(2, io[1].qd);
	/* cut in the second record: its 64 bytes counted */
	put(b.buf, 64 + 8 + 50);
	EXPECT_EQ(-EBADMSG, read_trace(&t, err));
	EXPECT_NE(NULL, strstr(err, "byte 72: a record cut short (50 of 64 bytes)")) TH_LOG("%s", err);
}

/*
 * Zeros to the end, where blktrace stopped before the kernel filled
 * records it had reserved: the end of the trace. Zeros before a record:
 * damage.
 */
TEST(blktrace_zero_tail)
{
	static struct bt_file b;
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	size_t end;

	memset(&b, 0, sizeof(b));
	bt_workload(&b);
	end = b.n;
	put(b.buf, end + 100);		/* bt_file's buffer is zeros past the end */
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	check_workload(_metadata, t);
	put(b.buf, end + 20);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	check_workload(_metadata, t);
	bt_add(&b, 7000, BLK_TA_QUEUE, 0, 512, DEV, 0);
	memmove(b.buf + end + 48, b.buf + end, 48);
	memset(b.buf + end, 0, 48);
	put(b.buf, end + 96);
	EXPECT_EQ(-EBADMSG, read_trace(&t, err));
	EXPECT_NE(NULL, strstr(err, "no record's magic (0x00000000)")) TH_LOG("%s", err);
}

/* Random damage: every outcome is a trace or a refusal, never a crash. */
TEST(blktrace_fuzz)
{
	static struct bt_file b, orig;
	struct ssdk_trace *t;
	char err[SSDK_ERROR_LEN];
	unsigned int i, k;
	int ret;

	memset(&orig, 0, sizeof(orig));
	bt_workload(&orig);
	for (i = 0; i < 2000; i++) {
		b = orig;
		for (k = 0; k < 1 + rng() % 4; k++)
			b.buf[rng() % b.n] = rng();
		put(b.buf, i % 3 ? b.n : rng() % b.n);
		ret = ssdk_trace_read(path, &t, err, sizeof(err));
		ASSERT_TRUE(ret == 0 || ret == -EBADMSG || ret == -EPROTO) TH_LOG("%d %s", ret, err);
		if (!ret)
			ssdk_trace_free(t);
	}
}

/* --- recording: CPUs' relay reads into whole records ---------------------- */

#define NR_CPUS	2

/* One CPU's relay file: its records' bytes, and how far the reads came. */
struct relay_cpu {
	unsigned char buf[1 << 12];
	size_t n;
	size_t read;
	struct trace_stream s;
};

/* The records of the workload, those with a cgroup on CPU 1: each in time order. */
static void split_cpus(const struct bt_file *b, struct relay_cpu *cpu)
{
	struct blk_io_trace t;
	struct relay_cpu *c;
	size_t pos, len;

	for (pos = 0; pos < b->n; pos += len) {
		memcpy(&t, b->buf + pos, sizeof(t));
		len = sizeof(t) + t.pdu_len;
		c = &cpu[!!(t.action & __BLK_TA_CGROUP)];
		memcpy(c->buf + c->n, b->buf + pos, len);
		c->n += len;
	}
}

/* Give @n more of CPU @c's bytes to its stream, as a read of its relay file would. */
static int relay_give(struct relay_cpu *c, size_t n, FILE *f, struct trace_recorded *r)
{
	memcpy(c->s.buf + c->s.have, c->buf + c->read, n);
	c->read += n;
	return trace_stream_write(&c->s, n, f, r);
}

/* Whether @f holds whole records only, @n of them. */
static int whole_records(FILE *f, uint64_t n)
{
	struct blk_io_trace t;
	uint64_t seen = 0;
	long pos = 0, end;

	if (fseek(f, 0, SEEK_END))
		return 0;
	end = ftell(f);
	while (pos < end) {
		if (fseek(f, pos, SEEK_SET) || fread(&t, sizeof(t), 1, f) != 1 ||
		    t.magic != (BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION))
			return 0;
		pos += sizeof(t) + t.pdu_len;
		seen++;
	}
	return pos == end && seen == n;
}

/*
 * Two CPUs' records read in chunks cut anywhere (inside a header, inside
 * a payload, a byte at a time), the CPUs' reads interleaved: the file
 * has every record whole, and reads back as the workload.
 */
TEST(record_chunks_give_whole_records)
{
	static struct relay_cpu cpu[NR_CPUS];
	static struct bt_file b;
	struct trace_recorded r;
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	unsigned int round, i;
	size_t n;
	FILE *f;

	memset(&b, 0, sizeof(b));
	bt_workload(&b);
	for (round = 0; round < 200; round++) {
		memset(cpu, 0, sizeof(cpu));
		memset(&r, 0, sizeof(r));
		f = fopen(path, "w+b");
		ASSERT_NE(NULL, f);
		split_cpus(&b, cpu);
		for (i = 0; i < NR_CPUS; i++)
			cpu[i].s.buf = malloc(TRACE_STREAM_READ + TRACE_RECORD_MAX);
		while (cpu[0].read < cpu[0].n || cpu[1].read < cpu[1].n) {
			struct relay_cpu *c = &cpu[rng() % NR_CPUS];

			if (c->read == c->n)
				continue;
			n = round % 4 ? 1 + rng() % 100 : 1;
			n = n < c->n - c->read ? n : c->n - c->read;
			ASSERT_EQ(0, relay_give(c, n, f, &r));
		}
		for (i = 0; i < NR_CPUS; i++) {
			EXPECT_EQ(0U, cpu[i].s.have);
			free(cpu[i].s.buf);
		}
		EXPECT_EQ(16ULL, r.events);
		EXPECT_EQ((uint64_t)b.n, r.file_bytes);
		EXPECT_EQ(0ULL, r.torn);
		EXPECT_TRUE(whole_records(f, r.events));
		ASSERT_EQ(0, fclose(f));
		ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
		check_workload(_metadata, t);
	}
}

/*
 * What a read took while the kernel was writing it is left out, up to
 * the next record: a record reserved but not written yet (zeros), and
 * one older than the CPU's last (the buffer's last lap). A record cut
 * short waits for the rest.
 */
TEST(record_torn_left_out)
{
	static struct relay_cpu c;
	static struct bt_file b;
	struct trace_recorded r = { 0 };
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	size_t rec = sizeof(struct blk_io_trace);
	FILE *f = fopen(path, "w+b");

	ASSERT_NE(NULL, f);
	memset(&b, 0, sizeof(b));
	bt_add(&b, 1000, BLK_TA_QUEUE, 8, 4096, DEV, 0);
	bt_add(&b, 1500, BLK_TA_QUEUE, 16, 4096, DEV, 0);
	b.n += rec;					/* reserved, not written yet */
	bt_add(&b, 2000, BLK_TA_QUEUE, 24, 4096, DEV, 0);
	bt_add(&b, 500, BLK_TA_QUEUE, 99, 4096, DEV, 0);	/* stale */
	bt_add(&b, 3000, BLK_TA_QUEUE | W, 32, 4096, DEV, 0);
	memcpy(c.buf, b.buf, b.n);
	c.n = b.n;
	c.s.buf = malloc(TRACE_STREAM_READ + TRACE_RECORD_MAX);
	ASSERT_EQ(0, relay_give(&c, 3 * rec, f, &r));		/* the read ends at the torn one */
	ASSERT_EQ(0, relay_give(&c, rec + 10, f, &r));
	EXPECT_EQ(10U, c.s.have);
	ASSERT_EQ(0, relay_give(&c, c.n - c.read, f, &r));
	EXPECT_EQ(0U, c.s.have);
	free(c.s.buf);
	EXPECT_EQ(4ULL, r.events);
	EXPECT_EQ(2 * rec, r.torn);
	EXPECT_TRUE(whole_records(f, 4));
	ASSERT_EQ(0, fclose(f));
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(4ULL, ssdk_trace_nr(t));
	EXPECT_EQ(24ULL * 512, ssdk_trace_ios(t)[2].offset);
	EXPECT_EQ(SSDK_OP_WRITE, ssdk_trace_ios(t)[3].op);
}

/* --- a synthetic mix and its summary ---------------------------------------- */

/*
 * A described mix, as an iolog 3 file: 70% 4 KiB random reads and writes,
 * 20% 128 KiB sequential reads, 10% 64 KiB random writes, 60% reads in
 * all; gaps of 100 us and 1 ms, and bursts with none. What its summary
 * must say is counted while it is made.
 */
TEST(synthetic_mix_summary)
{
	struct ssdk_trace *tr = NULL;
	char err[SSDK_ERROR_LEN];
	uint64_t ios = 20000, i, t = 0, seq_next = 0, prev_end = UINT64_MAX, gap;
	uint64_t bytes = 0, op_ios[2] = { 0 }, op_bytes[2] = { 0 }, sequential = 0;
	uint64_t n4k = 0, n128k = 0, n64k = 0, lowest = UINT64_MAX, highest = 0;
	struct ssdk_trace_summary s;
	unsigned int kind, op;
	uint64_t off;
	uint32_t len;
	FILE *f = fopen(path, "w");

	ASSERT_NE(NULL, f);
	fprintf(f, "fio version 3 iolog\n0 /dev/nullb0 add\n0 /dev/nullb0 open\n");
	for (i = 0; i < ios; i++) {
		kind = rng() % 10;
		if (kind < 7) {
			len = 4096;
			off = (rng() % (1 << 20)) * 4096 + (1ULL << 33);
			op = rng() % 7 < 4 ? SSDK_OP_READ : SSDK_OP_WRITE;
			n4k++;
		} else if (kind < 9) {
			len = 131072;
			off = seq_next;
			seq_next += len;
			op = SSDK_OP_READ;
			n128k++;
		} else {
			len = 65536;
			off = (rng() % 4096) * 65536 + (1ULL << 34);
			op = SSDK_OP_WRITE;
			n64k++;
		}
		gap = i % 100 < 10 ? 0 : (i % 2 ? 100 : 1000);
		t += i ? gap : 0;
		fprintf(f, "%" PRIu64 " /dev/nullb0 %s %" PRIu64 " %u\n", t,
			op == SSDK_OP_READ ? "read" : "write", off, len);
		bytes += len;
		op_ios[op]++;
		op_bytes[op] += len;
		sequential += off == prev_end;
		prev_end = off + len;
		lowest = off < lowest ? off : lowest;
		highest = off + len > highest ? off + len : highest;
	}
	fprintf(f, "%" PRIu64 " /dev/nullb0 close\n", t);
	ASSERT_EQ(0, fclose(f));

	ASSERT_EQ(0, read_trace(&tr, err)) TH_LOG("%s", err);
	ASSERT_EQ(0, ssdk_trace_summarize(tr, &s));
	EXPECT_EQ(ios, s.ios);
	EXPECT_EQ(bytes, s.bytes);
	EXPECT_EQ(op_ios[SSDK_OP_READ], s.op_ios[SSDK_OP_READ]);
	EXPECT_EQ(op_ios[SSDK_OP_WRITE], s.op_ios[SSDK_OP_WRITE]);
	EXPECT_EQ(op_bytes[SSDK_OP_READ], s.op_bytes[SSDK_OP_READ]);
	EXPECT_EQ(op_bytes[SSDK_OP_WRITE], s.op_bytes[SSDK_OP_WRITE]);
	EXPECT_EQ(sequential, s.sequential);
	EXPECT_EQ(t * 1000ULL, s.duration_ns);
	EXPECT_EQ(lowest, s.lowest);
	EXPECT_EQ(highest, s.highest);
	ASSERT_EQ(3U, s.nr_sizes);
	EXPECT_EQ(4096U, s.sizes[0].len);
	EXPECT_EQ(n4k, s.sizes[0].ios);
	EXPECT_EQ(131072U, s.sizes[1].len);
	EXPECT_EQ(n128k, s.sizes[1].ios);
	EXPECT_EQ(65536U, s.sizes[2].len);
	EXPECT_EQ(n64k, s.sizes[2].ios);
	EXPECT_EQ(0ULL, s.other_sizes);
	/* gaps: 0 (bursts), 100 us and 1 ms */
	EXPECT_EQ(0ULL, s.gap_min_ns);
	EXPECT_EQ(1000000ULL, s.gap_max_ns);
	EXPECT_EQ(1000000ULL, s.gap_p99_ns);
	EXPECT_EQ(t * 1000ULL / (ios - 1), s.gap_mean_ns);
	EXPECT_EQ(0U, s.flags & SSDK_TRACE_HAS_QD);
}

/* The footprint: overlapping and adjacent extents count once. */
TEST(footprint_merges_extents)
{
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	static const char log[] =
		"fio version 2 iolog\n"
		"/dev/a read 0 8192\n"
		"/dev/a write 4096 8192\n"	/* overlaps: 12 KiB so far */
		"/dev/a read 12288 4096\n"	/* adjacent: 16 KiB */
		"/dev/a read 1048576 4096\n"	/* apart: 20 KiB */
		"/dev/a trim 0 1073741824\n";	/* not data */
	struct ssdk_trace_summary s;

	put(log, sizeof(log) - 1);
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(0, ssdk_trace_summarize(t, &s));
	EXPECT_EQ(20480ULL, s.footprint);
	EXPECT_EQ(1ULL, s.sequential);	/* the read at 12288, after the write ending there */
	EXPECT_EQ(1073741824ULL, s.highest);
}

/* --- ssdk trace make ----------------------------------------------------------- */

static struct trace_recipe a_recipe(void)
{
	struct trace_recipe r = {
		.name = "/dev/target", .ios = 30000, .read_pct = 60, .seq_pct = 25,
		.offset = 1 << 20, .span = 1ULL << 30, .seed = 9,
		.nr_sizes = 3, .sizes = { { 4096, 70 }, { 131072, 20 }, { 65536, 10 } },
		.nr_gaps = 3, .gaps = { { 100000, 50 }, { 1000000, 40 }, { 0, 10 } },
	};

	return r;
}

TEST(made_reads_back_as_counted)
{
	struct trace_recipe r = a_recipe();
	struct trace_made m = { .path = path };
	struct ssdk_trace_summary s;
	struct ssdk_trace *t = NULL;
	char err[SSDK_ERROR_LEN];
	uint64_t ios = 0;
	unsigned int i;
	FILE *f;

	ASSERT_EQ(0, trace_recipe_check(&r, err, sizeof(err))) TH_LOG("%s", err);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(0, trace_make(&r, f, &m));
	ASSERT_EQ(0, fclose(f));
	ASSERT_EQ(0, read_trace(&t, err)) TH_LOG("%s", err);
	ASSERT_EQ(0, ssdk_trace_summarize(t, &s));
	EXPECT_EQ(r.ios, s.ios);
	EXPECT_EQ(m.op_ios[SSDK_OP_READ], s.op_ios[SSDK_OP_READ]);
	EXPECT_EQ(m.op_ios[SSDK_OP_WRITE], s.op_ios[SSDK_OP_WRITE]);
	EXPECT_EQ(m.op_bytes[SSDK_OP_READ], s.op_bytes[SSDK_OP_READ]);
	EXPECT_EQ(m.op_bytes[SSDK_OP_WRITE], s.op_bytes[SSDK_OP_WRITE]);
	EXPECT_EQ(m.sequential, s.sequential);
	EXPECT_EQ(m.duration_ns, s.duration_ns);
	/* sizes by share: the summary's are in order of IOs, as the recipe's */
	ASSERT_EQ(3U, s.nr_sizes);
	for (i = 0; i < 3; i++) {
		EXPECT_EQ(r.sizes[i].value, s.sizes[i].len);
		EXPECT_EQ(m.size_ios[i], s.sizes[i].ios);
	}
	/* each IO inside the span, aligned to its size when random */
	EXPECT_LE(r.offset, s.lowest);
	EXPECT_GE(r.offset + r.span, s.highest);
	/* gaps: 0, 100 us and 1 ms, each about its share */
	EXPECT_EQ(0ULL, s.gap_min_ns);
	EXPECT_EQ(1000000ULL, s.gap_max_ns);
	for (i = 0; i < 3; i++)
		ios += m.gap_ios[i];
	EXPECT_EQ(r.ios - 1, ios);
	EXPECT_EQ(m.gap_ios[0] * 100000 + m.gap_ios[1] * 1000000, s.duration_ns);
	/* the shares drawn: within 2 points of the recipe's, at 30000 IOs */
	EXPECT_LT(llabs((long long)m.size_ios[0] * 100 - 70LL * (long long)r.ios),
		  2LL * (long long)r.ios);
	EXPECT_LT(llabs((long long)m.op_ios[SSDK_OP_READ] * 100 - 60LL * (long long)r.ios),
		  2LL * (long long)r.ios);
}

/* The same recipe makes the same trace, byte for byte; another seed another. */
TEST(made_from_its_seed)
{
	struct trace_recipe r = a_recipe();
	struct trace_made m = { .path = path };
	char *a = NULL, *b = NULL, *c = NULL;
	size_t na, nb, nc;
	FILE *f;

	r.ios = 500;
	f = open_memstream(&a, &na);
	ASSERT_EQ(0, trace_make(&r, f, &m));
	fclose(f);
	f = open_memstream(&b, &nb);
	ASSERT_EQ(0, trace_make(&r, f, &m));
	fclose(f);
	r.seed++;
	f = open_memstream(&c, &nc);
	ASSERT_EQ(0, trace_make(&r, f, &m));
	fclose(f);
	EXPECT_EQ(na, nb);
	EXPECT_EQ(0, memcmp(a, b, na));
	EXPECT_FALSE(na == nc && !memcmp(a, c, na));
	free(a);
	free(b);
	free(c);
}

static void bad_recipe(struct __test_metadata *_metadata, const struct trace_recipe *r,
		       const char *want)
{
	char why[256] = "";

	EXPECT_EQ(-EINVAL, trace_recipe_check(r, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, want)) TH_LOG("'%s' lacks '%s'", why, want);
}

TEST(bad_recipes)
{
	struct trace_recipe r;
	uint32_t nr;

	r = a_recipe(), r.ios = 0, bad_recipe(_metadata, &r, "ios: at least 1");
	r = a_recipe(), r.sizes[0].pct = 69, bad_recipe(_metadata, &r, "bs-split: the shares");
	r = a_recipe(), r.gaps[2].pct = 11, bad_recipe(_metadata, &r, "gaps: the shares");
	r = a_recipe(), r.gaps[0].value = 1500, bad_recipe(_metadata, &r, "whole microseconds");
	r = a_recipe(), r.sizes[0].value = 1000, bad_recipe(_metadata, &r, "bs: sizes of 512");
	r = a_recipe(), r.sizes[0].value = 2 << 20, bad_recipe(_metadata, &r, "bs: sizes of 512");
	r = a_recipe(), r.span = 65536, bad_recipe(_metadata, &r, "span: smaller than a size");
	r = a_recipe(), r.read_pct = 101, bad_recipe(_metadata, &r, "rwmixread: a percentage");
	r = a_recipe(), r.name = "a b", bad_recipe(_metadata, &r, "name: 1 to 256 characters");
	EXPECT_EQ(-EINVAL, trace_shares_parse("4k:70", 0, r.sizes, &nr));
	EXPECT_EQ(-EINVAL, trace_shares_parse("4x/70", 0, r.sizes, &nr));
	EXPECT_EQ(-EINVAL, trace_shares_parse("", 1, r.gaps, &nr));
	EXPECT_EQ(-ERANGE, trace_shares_parse("1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:"
					      "1/1:1/1:1/1:1/1:1/1", 1, r.gaps, &nr));
	ASSERT_EQ(0, trace_shares_parse("100us/50:1ms/40:0/10", 1, r.gaps, &nr));
	EXPECT_EQ(3U, nr);
	EXPECT_EQ(100000ULL, r.gaps[0].value);
	EXPECT_EQ(10U, r.gaps[2].pct);
}

TEST_HARNESS_MAIN
