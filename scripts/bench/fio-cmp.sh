#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A first comparison, in a test VM: ssdk against fio io_uring, 4K randread
# on null_blk irqmode=0, QD1 and QD32. The full benchmark is issue 4.
#
#   scripts/vm-run --kernel 7.x --icount -- scripts/bench/fio-cmp.sh

modprobe null_blk nr_devices=1 irqmode=0 gb=16
for qd in 1 32; do
	ssdk -j ctl run -q --target /dev/nullb0 --iodepth $qd --ios 200000 > /tmp/s.json
	python3 -c "import json;j=json.load(open('/tmp/s.json'));r=j['read'];print('ssdk qd $qd iops',round(r['iops']),'mean_ns',round(r['lat_ns']['mean']),'p50',r['lat_ns']['percentiles']['50.000000'])"
	fio --name=f --filename=/dev/nullb0 --direct=1 --rw=randread --bs=4k --ioengine=io_uring --iodepth=$qd --number_ios=200000 --size=16g --fixedbufs=1 --registerfiles=1 --sqthread_poll=0 --output-format=json --randrepeat=1 > /tmp/f.json 2>/dev/null
	python3 -c "import json;j=json.load(open('/tmp/f.json'));r=j['jobs'][0]['read'];print('fio io_uring qd $qd iops',round(r['iops']),'clat_mean_ns',round(r['clat_ns']['mean']),'lat_mean', round(r['lat_ns']['mean']))"
done
