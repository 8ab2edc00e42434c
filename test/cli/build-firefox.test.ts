import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { buildPaths, firefoxAndroidMinVersion, firefoxMinVersion, geckoId, toFirefoxManifest } from '../../scripts/build-firefox';

describe('the Firefox manifest made from the Chromium build', () => {
  const chromium = {
    manifest_version: 3,
    name: 'Gavel',
    background: { service_worker: 'service-worker-loader.js', type: 'module' },
    web_accessible_resources: [{ matches: ['https://*/*'], resources: ['assets/a.js'], use_dynamic_url: false }],
    minimum_chrome_version: '116',
    permissions: ['activeTab', 'scripting'],
  };

  it('starts the same worker code as an event page, with an add-on id', () => {
    const firefox = toFirefoxManifest(chromium);
    expect(firefox.background).toEqual({ scripts: ['service-worker-loader.js'], type: 'module' });
    expect(firefox.browser_specific_settings).toEqual({
      gecko: { id: geckoId, strict_min_version: firefoxMinVersion, data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: firefoxAndroidMinVersion },
    });
    expect(firefox.web_accessible_resources).toEqual([{ matches: ['https://*/*'], resources: ['assets/a.js'] }]);
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    expect(firefox['permissions']).toEqual(['activeTab', 'scripting']);
  });

  it('asks for a Firefox that has optional host permissions and reads the data declaration, and declares that it collects no data', () => {
    expect(Number.parseFloat(firefoxMinVersion)).toBeGreaterThanOrEqual(140);
    expect(Number.parseFloat(firefoxAndroidMinVersion)).toBeGreaterThanOrEqual(142);
    expect(toFirefoxManifest(chromium).browser_specific_settings).toMatchObject({
      gecko: { data_collection_permissions: { required: ['none'] } },
    });
  });

  it('reads dist/ and writes dist-firefox/, or the folders GAVEL_DIST and GAVEL_FIREFOX_DIST name', () => {
    const root = resolve('/repo');
    expect(buildPaths(root, {})).toEqual({ dist: join(root, 'dist'), out: join(root, 'dist-firefox') });
    expect(buildPaths(root, { GAVEL_DIST: '/tmp/a', GAVEL_FIREFOX_DIST: 'ff' })).toEqual({
      dist: resolve('/tmp/a'),
      out: join(root, 'ff'),
    });
    expect(() => buildPaths(root, { GAVEL_DIST: 'same', GAVEL_FIREFOX_DIST: 'same' })).toThrow(/must not overwrite/);
  });

  it('leaves out the permissions only Chromium has (the offscreen document)', () => {
    const firefox = toFirefoxManifest({ ...chromium, permissions: ['activeTab', 'scripting', 'offscreen', 'alarms'] });
    expect(firefox['permissions']).toEqual(['activeTab', 'scripting', 'alarms']);
  });

  it('refuses a build without a service worker', () => {
    expect(() => toFirefoxManifest({ manifest_version: 3 })).toThrow(/no background.service_worker/);
  });
});
