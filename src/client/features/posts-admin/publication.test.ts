import { fromLocalInput, toLocalInput } from './publication';

// The zone is the test machine's: a time read from the field comes back as the same field value.
// (That round trip is also how a time the clocks skip is refused: it would come back an hour off.)
describe('reading the schedule field', () => {
  it('reads a time in the owner’s zone, to the minute', () => {
    const at = new Date(2030, 5, 1, 9, 15);
    expect(toLocalInput(at)).toBe('2030-06-01T09:15');
    expect(fromLocalInput('2030-06-01T09:15')?.getTime()).toBe(at.getTime());
  });

  it('refuses what is no time at all', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2030-02-31T09:00')).toBeNull();
  });
});
