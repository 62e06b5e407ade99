import { e2ePort, mailDir, startHearth } from './hearth.ts';
import { startMailCatcher } from './mail-catcher.ts';

/**
 * One mail catcher and one app (REQUIRE_APPROVAL off) for the whole run. Recipe import may fetch loopback, where
 * the tests serve their recipe pages.
 */
export default async function globalSetup() {
  const mail = await startMailCatcher(mailDir);
  process.env.E2E_SMTP_URL = mail.url;
  const app = await startHearth({ port: e2ePort, smtpUrl: mail.url, env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' } });
  return async () => {
    await app.stop();
    await mail.stop();
  };
}
