import { readFile } from 'node:fs/promises';
import { devices } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';

for (const device of devices) {
  test.describe(`${device.width} px`, () => {
    test.use(device.use);

    test('Export family data downloads a zip of the family', async ({ page }) => {
      await page.goto('/family');
      const button = page.getByRole('button', { name: 'Export family data' });
      await button.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`family-export-${device.width}.png`), fullPage: true });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^hearth-family-\d{4}-\d{2}-\d{2}\.zip$/);
      const bytes = await readFile((await download.path())!);
      // A zip starts with a local file header, and its first entry is family.json.
      expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
      expect(bytes.subarray(30, 41).toString()).toBe('family.json');
    });
  });
}
