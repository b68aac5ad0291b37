/**
 * A named point where the hardening suite ends the process at once (SIGKILL), to check that a start
 * killed there can be started again: set RALLY_FAILPOINT to the point's name. Never set in use.
 */
export function failpoint(name: string) {
  if (process.env.RALLY_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
