import { notCountedBecause } from './counting-rules';
import { dayOf, memorySaltStore, visitorHash } from './visitor-hash';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('who is counted', () => {
  it('counts a browser that asked for nothing', () => {
    expect(notCountedBecause({ 'user-agent': PHONE })).toBeNull();
    expect(notCountedBecause({ 'user-agent': PHONE, dnt: '0', 'sec-gpc': '0' })).toBeNull();
  });

  it('honours Do Not Track and Global Privacy Control', () => {
    expect(notCountedBecause({ 'user-agent': PHONE, dnt: '1' })).toBe('do-not-track');
    expect(notCountedBecause({ 'user-agent': PHONE, 'sec-gpc': '1' })).toBe('global-privacy-control');
  });

  it('leaves robots out, by the maintained list, and a request without a user agent', () => {
    expect(notCountedBecause({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBe('robot');
    expect(notCountedBecause({ 'user-agent': 'curl/8.5.0' })).toBe('robot');
    expect(notCountedBecause({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0 Safari/537.36' })).toBe('robot');
    expect(notCountedBecause({})).toBe('robot');
  });
});

describe('the visitor hash', () => {
  it('is the same for one visitor all day and differs by address, browser and salt', () => {
    const one = visitorHash('salt-a', '203.0.113.7', PHONE);
    expect(visitorHash('salt-a', '203.0.113.7', PHONE)).toBe(one);
    expect(visitorHash('salt-a', '203.0.113.8', PHONE)).not.toBe(one);
    expect(visitorHash('salt-a', '203.0.113.7', `${PHONE} x`)).not.toBe(one);
    expect(visitorHash('salt-b', '203.0.113.7', PHONE)).not.toBe(one);
    expect(one).not.toContain('203.0.113.7');
    expect(one).toMatch(/^[\w-]{22}$/);
  });

  it('takes a new salt each day and forgets the old one', async () => {
    const salts = memorySaltStore();
    const monday = await salts.saltFor('2026-03-02');
    expect(await salts.saltFor('2026-03-02')).toBe(monday);
    const tuesday = await salts.saltFor('2026-03-03');
    expect(tuesday).not.toBe(monday);
    // Monday's salt is gone: asking again makes a different one, so Monday's hashes stay unlinkable.
    expect(await salts.saltFor('2026-03-02')).not.toBe(monday);
    expect(monday.length).toBeGreaterThanOrEqual(40);
  });

  it('names days in UTC', () => {
    expect(dayOf(new Date('2026-03-02T23:59:59.999Z'))).toBe('2026-03-02');
    expect(dayOf(new Date('2026-03-03T00:00:00Z'))).toBe('2026-03-03');
  });
});
