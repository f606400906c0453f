import { searchKey } from './search-key';

describe('searchKey', () => {
  it('folds case and collapses white space, so spellings of one search share a key', () => {
    expect(searchKey('Foo  Bar')).toBe('foo bar');
    expect(searchKey(' foo\tbar \n')).toBe('foo bar');
    expect(searchKey('ÉTÉ "Web Design" -WordPress OR Shop')).toBe('été "web design" -wordpress or shop');
    expect(searchKey('   ')).toBe('');
  });
});
