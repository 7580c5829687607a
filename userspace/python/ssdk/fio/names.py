# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio's option names, as fio-3.33 lists them (scripts/fio/options-gen
wrote this file: fio --cmdhelp, and fio --enghelp=ENGINE of each engine
that has options of its own)."""

VERSION = 'fio-3.33'

OPTIONS: frozenset[str] = frozenset({
    'allow_file_create', 'allow_mounted_write', 'allrandrepeat', 'atomic',
    'ba', 'block_error_percentiles', 'bs', 'bs_unaligned',
    'bsrange', 'bssplit', 'buffer_compress_chunk', 'buffer_compress_percentage',
    'buffer_pattern', 'buffered', 'bwavgtime', 'cgroup',
    'cgroup_nodelete', 'cgroup_weight', 'clat_percentiles', 'clocksource',
    'continue_on_error', 'cpumask', 'cpus_allowed', 'cpus_allowed_policy',
    'create_fsync', 'create_on_open', 'create_only', 'create_serialize',
    'dedupe_global', 'dedupe_mode', 'dedupe_percentage', 'dedupe_working_set_percentage',
    'description', 'direct', 'directory', 'disable_bw_measurement',
    'disable_clat', 'disable_lat', 'disable_slat', 'disk_util',
    'do_verify', 'end_fsync', 'error_dump', 'exec_postrun',
    'exec_prerun', 'exit_what', 'exitall', 'exitall_on_error',
    'experimental_verify', 'fadvise_hint', 'fallocate', 'fdatasync',
    'file_append', 'file_service_type', 'filename', 'filename_format',
    'filesize', 'fill_device', 'flow', 'flow_id',
    'flow_sleep', 'fsync', 'fsync_on_close', 'gid',
    'group_reporting', 'gtod_cpu', 'gtod_reduce', 'hugepage-size',
    'ignore_error', 'ignore_zone_limits', 'invalidate', 'io_size',
    'io_submit_mode', 'iodepth', 'iodepth_batch', 'iodepth_batch_complete_max',
    'iodepth_batch_complete_min', 'iodepth_low', 'ioengine', 'iopsavgtime',
    'ioscheduler', 'job_max_open_zones', 'kb_base', 'lat_percentiles',
    'latency_percentile', 'latency_run', 'latency_target', 'latency_window',
    'lockfile', 'lockmem', 'log_alternate_epoch', 'log_alternate_epoch_clock_id',
    'log_avg_msec', 'log_compression', 'log_compression_cpus', 'log_entries',
    'log_hist_coarseness', 'log_hist_msec', 'log_max_value', 'log_offset',
    'log_prio', 'log_store_compressed', 'log_unix_epoch', 'loops',
    'max_latency', 'max_open_zones', 'mem', 'merge_blktrace_file',
    'merge_blktrace_iters', 'merge_blktrace_scalars', 'name', 'new_group',
    'nice', 'norandommap', 'nrfiles', 'numa_cpu_nodes',
    'numa_mem_policy', 'number_ios', 'numjobs', 'offset',
    'offset_align', 'offset_increment', 'opendir', 'openfiles',
    'overwrite', 'per_job_logs', 'percentage_random', 'percentile_list',
    'pre_read', 'prio', 'prioclass', 'profile',
    'ramp_time', 'random_distribution', 'random_generator', 'randrepeat',
    'randseed', 'rate', 'rate_cycle', 'rate_ignore_thinktime',
    'rate_iops', 'rate_iops_min', 'rate_min', 'rate_process',
    'read_beyond_wp', 'read_iolog', 'read_iolog_chunked', 'refill_buffers',
    'replay_align', 'replay_no_stall', 'replay_redirect', 'replay_scale',
    'replay_skip', 'replay_time_scale', 'runtime', 'rw',
    'rw_sequencer', 'rwmixread', 'rwmixwrite', 'scramble_buffers',
    'serialize_overlap', 'significant_figures', 'size', 'slat_percentiles',
    'startdelay', 'stats', 'steadystate', 'steadystate_duration',
    'steadystate_ramp_time', 'stonewall', 'sync', 'sync_file_range',
    'thinktime', 'thinktime_blocks', 'thinktime_blocks_type', 'thinktime_iotime',
    'thinktime_spin', 'thread', 'time_based', 'trim_backlog',
    'trim_backlog_batch', 'trim_percentage', 'trim_verify_zero', 'uid',
    'unified_rw_reporting', 'unique_filename', 'unit_base', 'unlink',
    'unlink_each_loop', 'verify', 'verify_async', 'verify_backlog',
    'verify_backlog_batch', 'verify_dump', 'verify_fatal', 'verify_interval',
    'verify_offset', 'verify_only', 'verify_pattern', 'verify_state_load',
    'verify_state_save', 'wait_for', 'write_barrier', 'write_bw_log',
    'write_hint', 'write_hist_log', 'write_iolog', 'write_iops_log',
    'write_lat_log', 'zero_buffers', 'zone_reset_frequency', 'zone_reset_threshold',
    'zonecapacity', 'zonemode', 'zonerange', 'zonesize',
    'zoneskip',
})

# The profiles' options (act, tiobench): fio takes them in any job file.
PROFILE_OPTIONS: frozenset[str] = frozenset({
    'block', 'device-names', 'dir', 'large-block-op-kbytes',
    'load', 'numruns', 'prep', 'read-req-num-512-blocks',
    'test-duration', 'threads', 'threads-per-queue',
})

ENGINE_OPTIONS: dict[str, frozenset[str]] = {
    'cpuio': frozenset({
        'cpuchunks', 'cpuload', 'cpumode', 'exit_on_io_done',
    }),
    'e4defrag': frozenset({
        'donorname', 'inplace',
    }),
    'exec': frozenset({
        'arguments', 'grace_time', 'program', 'std_redirect',
    }),
    'filestat': frozenset({
        'stat_type',
    }),
    'gfapi': frozenset({
        'brick', 'single-instance', 'volume',
    }),
    'gfapi_async': frozenset({
        'brick', 'single-instance', 'volume',
    }),
    'io_uring': frozenset({
        'cmd_type', 'cmdprio', 'cmdprio_bssplit', 'cmdprio_class',
        'cmdprio_percentage', 'fixedbufs', 'force_async', 'hipri',
        'nonvectored', 'nowait', 'registerfiles', 'sqthread_poll',
        'sqthread_poll_cpu', 'uncached',
    }),
    'io_uring_cmd': frozenset({
        'cmd_type', 'cmdprio', 'cmdprio_bssplit', 'cmdprio_class',
        'cmdprio_percentage', 'fixedbufs', 'force_async', 'hipri',
        'nonvectored', 'nowait', 'registerfiles', 'sqthread_poll',
        'sqthread_poll_cpu', 'uncached',
    }),
    'libaio': frozenset({
        'cmdprio', 'cmdprio_bssplit', 'cmdprio_class', 'cmdprio_percentage',
        'nowait', 'userspace_reap',
    }),
    'mmap': frozenset({
        'thp',
    }),
    'mtd': frozenset({
        'skip_bad',
    }),
    'nbd': frozenset({
        'uri',
    }),
    'net': frozenset({
        'hostname', 'interface', 'listen', 'mss',
        'nodelay', 'pingpong', 'port', 'protocol',
        'ttl', 'window_size',
    }),
    'netsplice': frozenset({
        'hostname', 'interface', 'listen', 'mss',
        'nodelay', 'pingpong', 'port', 'protocol',
        'ttl', 'window_size',
    }),
    'pvsync2': frozenset({
        'hipri', 'hipri_percentage', 'nowait', 'uncached',
    }),
    'rados': frozenset({
        'busy_poll', 'clientname', 'clustername', 'conf',
        'pool', 'touch_objects',
    }),
    'rbd': frozenset({
        'busy_poll', 'clientname', 'clustername', 'pool',
        'rbdname',
    }),
    'rdma': frozenset({
        'bindname', 'hostname', 'port', 'verb',
    }),
    'sg': frozenset({
        'hipri', 'readfua', 'sg_write_mode', 'stream_id',
        'writefua',
    }),
}
