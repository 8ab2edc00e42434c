import { describe, expect, it } from 'vitest';
import { geckoId, toFirefoxManifest } from '../../scripts/build-firefox';

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
    expect(firefox.browser_specific_settings).toEqual({ gecko: { id: geckoId, strict_min_version: '121.0' } });
    expect(firefox.web_accessible_resources).toEqual([{ matches: ['https://*/*'], resources: ['assets/a.js'] }]);
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    expect(firefox['permissions']).toEqual(['activeTab', 'scripting']);
  });

  it('refuses a build without a service worker', () => {
    expect(() => toFirefoxManifest({ manifest_version: 3 })).toThrow(/no background.service_worker/);
  });
});
