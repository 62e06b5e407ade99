/**
 * The Node flags every server process starts with: `npm start`, the container, and the tests and benches that start
 * `server/main.ts` (a test holds package.json and the Dockerfile to them). V8 sizes the young generation by the
 * machine's memory, which on Node 24 kept ~100 MiB more resident than the server's live objects need
 * (docs/DECISIONS.md, "The server's young generation is 16 MiB a semi-space").
 */
export const serverNodeFlags = ['--max-semi-space-size=16'];
