import { fixedHeaders } from './security-headers';

describe('fixedHeaders', () => {
  it('gives the headers helmet sets, computed once', () => {
    const headers = fixedHeaders({ contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'"] } }, strictTransportSecurity: false });
    expect(headers['Content-Security-Policy']).toContain("script-src 'self'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('refuses a policy that would change per request', () => {
    expect(() => fixedHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } })).toThrow(/per request/);
  });
});
