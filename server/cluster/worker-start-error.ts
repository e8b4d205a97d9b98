/** An HTTP worker of the cluster stopped before it listened: the server does not start. */
export class WorkerStartError extends Error {}
