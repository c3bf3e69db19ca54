/**
 * How long a process may take to close (in-flight requests, queues, pools) before it gives up and
 * exits 1. Every budget around it is derived from this one: the slowest close (messaging-sync's
 * e-mail worker and queue, about 15 s) fits inside it, the launcher waits a little longer before
 * SIGKILL, and Kubernetes' terminationGracePeriodSeconds covers the preStop pause plus this.
 * A module of its own (`@hearing/service-kit/shutdown`) so the launcher reads it without loading the kit.
 */
export const SHUTDOWN_GRACE_MS = 25_000
