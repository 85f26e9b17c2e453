import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a gauge reads when scraped (flights held by this instance, connected viewers...). */
type Sampler = () => number;

/**
 * The server's Prometheus metrics (docs/decisions/0019-operations.md). One registry per app, not
 * prom-client's global one: tests build several apps in one process, and each must count alone.
 * Modules count through these objects; gauges read their value at scrape time from samplers the
 * owning module registers, so nothing polls.
 */
export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const samplers = new Map<string, Sampler>();
  const sampled = (name: string, help: string) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const sampler = samplers.get(name);
        this.set(sampler ? sampler() : 0);
      },
    });

  // Buckets in seconds, around the targets: p99 acknowledgement under 100 ms, API answers in tens of ms.
  const fastBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'contrail_http_request_duration_seconds',
      help: 'HTTP answers by route pattern (never the raw URL, which would make one series per id), method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: fastBuckets,
      registers: [registry],
    }),
    framesIngested: new Counter({
      name: 'contrail_frames_ingested_total',
      help: 'Tracker frames in acknowledged batches, less the ones refused (out of order, malformed, ignored)',
      registers: [registry],
    }),
    frameBatchAckDuration: new Histogram({
      name: 'contrail_frame_batch_ack_seconds',
      help: 'From a frame batch arriving on the uplink to its acknowledgement (frames durable)',
      labelNames: ['outcome'] as const,
      buckets: fastBuckets,
      registers: [registry],
    }),
    flightsInProgress: sampled('contrail_flights_in_progress', 'Flights in progress held in memory by this instance'),
    liveViewers: sampled('contrail_live_viewers', 'Browsers connected to the live map on this instance'),
    trackerUplinks: sampled('contrail_tracker_uplinks', 'Tracker uplinks connected to this instance'),
    jobRuns: new Counter({
      name: 'contrail_job_runs_total',
      help: 'Periodic job attempts by outcome (ran, busy: another instance holds its lock, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'contrail_job_duration_seconds',
      help: 'Duration of the job runs that ran or failed',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
    feedPolls: new Counter({
      name: 'contrail_network_feed_polls_total',
      help: 'Online-network feed downloads by network and result',
      labelNames: ['network', 'result'] as const,
      registers: [registry],
    }),
    /** Sets what a sampled gauge reads at scrape time. */
    sample: (name: 'contrail_flights_in_progress' | 'contrail_live_viewers' | 'contrail_tracker_uplinks', sampler: Sampler) => {
      samplers.set(name, sampler);
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
