/**
 * Tries `attempt` until it answers something truthy, and answers that; fails after `timeoutMs`, saying what it
 * waited for. The default stays under a test's 20 s, so a wait that never ends fails with its own message rather
 * than the test's timeout. The pauses start at 10 ms, as most waits end within milliseconds, and grow to 100 ms.
 */
export async function until<T>(
  attempt: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    const result = await attempt();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
