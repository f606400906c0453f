import { fetchCalendar } from './calendar-fetch';

describe('reading a busy calendar', () => {
  it.each(['https://127.0.0.1:8443/owner.ics', 'https://localhost:8443/owner.ics', 'https://[::1]:8443/owner.ics', 'https://[::ffff:127.0.0.1]:8443/owner.ics', 'https://169.254.169.254/latest/meta-data'])(
    'refuses %s before connecting: not on the public internet',
    async (address) => {
      await expect(fetchCalendar(address, { allowLoopbackHttp: false, timeoutMs: 2000 })).rejects.toThrow('The address is not on the public internet.');
    },
  );
});
