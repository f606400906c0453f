import { matchTotp, totpCode } from './totp';

/** RFC 6238 appendix B, SHA-1: the key "12345678901234567890" (base32 below), 8-digit codes; ours are their last 6 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

it.each(VECTORS)('computes the RFC 6238 code at %i', async (time, code) => {
  expect(await totpCode(RFC_SECRET, time)).toBe(code.slice(-6));
});

it.each(VECTORS)('accepts the RFC 6238 code at %i, with one step of drift either way', async (time, code) => {
  const step = Math.floor(time / 30);
  expect(await matchTotp(RFC_SECRET, code.slice(-6), null, time)).toBe(step);
  expect(await matchTotp(RFC_SECRET, code.slice(-6), null, time + 30)).toBe(step);
  expect(await matchTotp(RFC_SECRET, code.slice(-6), null, time - 30)).toBe(step);
  expect(await matchTotp(RFC_SECRET, code.slice(-6), null, time + 61)).toBeNull();
});

it('refuses a code of a step already used, and anything that is not six digits', async () => {
  const code = await totpCode(RFC_SECRET, 1111111111);
  const step = Math.floor(1111111111 / 30);
  expect(await matchTotp(RFC_SECRET, code, step, 1111111111)).toBeNull();
  expect(await matchTotp(RFC_SECRET, code, step - 1, 1111111111)).toBe(step);
  for (const bad of ['', '12345', '1234567', 'abcdef', ' 14050471']) expect(await matchTotp(RFC_SECRET, bad, null, 1111111111)).toBeNull();
});
