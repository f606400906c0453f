import { fixedHeaders, subresourceHeaders } from './security-headers';

describe('fixedHeaders', () => {
  it('gives the headers helmet sets, computed once', () => {
    const headers = fixedHeaders({ contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'"] } }, strictTransportSecurity: false });
    expect(headers['Content-Security-Policy']).toContain("script-src 'self'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('keeps, for the bundle’s files, only what acts on a subresource', () => {
    const page = fixedHeaders({ contentSecurityPolicy: { useDefaults: true }, crossOriginResourcePolicy: { policy: 'cross-origin' }, strictTransportSecurity: true });
    expect(subresourceHeaders(page)).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Strict-Transport-Security': expect.stringContaining('max-age='),
    });
  });

  it('keeps a resource policy that narrows who may embed the files', () => {
    const page = fixedHeaders({ contentSecurityPolicy: { useDefaults: true }, crossOriginResourcePolicy: { policy: 'same-origin' }, strictTransportSecurity: false });
    expect(subresourceHeaders(page)).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
  });

  it('refuses a policy that would change per request', () => {
    expect(() => fixedHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } })).toThrow(/per request/);
  });
});
