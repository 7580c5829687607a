#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ssdk compare: the same reads through the bio engine and through the
# userspace engines (io_uring, libaio, psync) on the raw device. Every
# engine does the IOs it was asked for, the block layer counts them all,
# the differences printed are those of the figures printed, and the
# userspace engines read the same blocks as the module (same seed, same
# generator, same placement).

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=16

ktap_plan 5

CMP=$SSDK_TMP/compare.json
all_engines() {
	local before

	before=$(blk_stat nullb0 1)
	"$SSDK_CLI" -j compare -q --target /dev/nullb0 --engines bio,uring-raw,libaio-raw,psync-raw \
		--ios 2000 --seed 3 >"$CMP" || return 1
	echo "diskstats reads: $(($(blk_stat nullb0 1) - before)); means: $(jget "$CMP" '{k: round(v["read"]["lat_ns"]["mean"]) for k, v in j["results"].items()}')"
	jtest "$CMP" "[v['read']['ios'] for v in j['results'].values()] == [2000] * 4 and $(($(blk_stat nullb0 1) - before)) == 8000"
}
ktap_check "bio, uring-raw, libaio-raw, psync-raw: 2000 reads each, 8000 in diskstats" all_engines
# fig(e, k): engine e's mean, or its percentile k (p50, p99, p99.9).
ktap_check "overhead_ns: each engine's figures minus bio's" jtest "$CMP" \
	'(P := {"p50": "50.000000", "p99": "99.000000", "p99.9": "99.900000"}) and (fig := lambda e, k: (lambda l: l["mean"] if k == "mean" else l["percentiles"][P[k]])(j["results"][e]["read"]["lat_ns"])) and len(j["overhead_ns"]) == 3 and all(abs(d[k] - (fig(n.split(" - ")[0], k) - fig("bio", k))) < 1e-6 for n, d in j["overhead_ns"].items() for k in d)'
ktap_check "every engine's histogram sums to its IOs" jtest "$CMP" \
	'all(sum(r[2] for r in v["read"]["histogram"]) == v["read"]["ios"] for v in j["results"].values())'

qd8() {
	"$SSDK_CLI" -j compare -q --target /dev/nullb0 --engines bio,uring-raw,libaio-raw \
		--iodepth 8 --ios 4000 >"$SSDK_TMP/qd8.json" || return 1
	jtest "$SSDK_TMP/qd8.json" 'all(v["config"]["iodepth"] == 8 and v["read"]["ios"] == 4000 for v in j["results"].values())'
}
ktap_check "iodepth 8 through bio, uring-raw, libaio-raw" qd8
expect_fail "psync at iodepth 8: refused" 1 "psync: iodepth 1" \
	"$SSDK_CLI" compare -q --target /dev/nullb0 --engines psync-raw --iodepth 8 --ios 10

runs_clear
ktap_done
