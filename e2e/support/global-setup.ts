import { fileURLToPath } from 'node:url';
import { approvalPort, e2ePort, launchHearth, mailDir, startHearth } from './hearth.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { startPhoton } from './photon.ts';

/**
 * One mail catcher, one app (REQUIRE_APPROVAL off) and one with REQUIRE_APPROVAL on for the whole run. Recipe import
 * may fetch loopback, where the tests serve their recipe pages; address suggestions come from a loopback Photon.
 */
export default async function globalSetup() {
  const mail = await startMailCatcher(mailDir);
  const photon = await startPhoton();
  const app = await startHearth({
    port: e2ePort, smtpUrl: mail.url,
    env: {
      IMPORT_ALLOW_PRIVATE_HOSTS: 'true', GEOCODER_URL: photon.url,
      // The push tests' loopback push service has a self-signed certificate for 127.0.0.1.
      NODE_EXTRA_CA_CERTS: fileURLToPath(new URL('../../server/test/push-service.cert.pem', import.meta.url)),
    },
  });
  // Not waited for: its start (a fresh embedded database: initdb and every migration) overlaps the first tests
  // instead of holding up the one test that needs it, which waits until it answers.
  const approvalApp = launchHearth({ port: approvalPort, smtpUrl: mail.url, env: { REQUIRE_APPROVAL: 'true' } });
  return async () => {
    await approvalApp.stop();
    await app.stop();
    await photon.stop();
    await mail.stop();
  };
}
