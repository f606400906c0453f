import { checkSource, sourceLabel } from '../leads/source-fields';
import { parseEvent } from './event-shape';
import { campaignSource, campaignTag } from '../../shared/campaign-tag';

const raws = [
  'newsletter',
  ' Newsletter ',
  'NEWS\u0000LETTER',
  '\t\u0007 spring fair \u0085',
  `${'x'.repeat(99)} y`,
  `  ${'É'.repeat(150)}`,
  `${'\u0000'.repeat(950)}late`,
  '🍯'.repeat(120),
  'direct',
];

describe('a campaign tag, one rule for leads and counted visits', () => {
  it('is what the beacon sends, which the events’ check takes as it is', () => {
    for (const raw of raws) {
      const tag = campaignTag(raw)!;
      expect(campaignTag(tag)).toBe(tag);
      expect(parseEvent({ kind: 'view', path: '/', type: 'home', device: 'mobile', utm: tag }, () => 'home')).toEqual({ ok: true, event: expect.objectContaining({ utm: tag }) });
    }
  });

  it('names the same source for a visit and for a lead whose address carried the same utm_source', () => {
    for (const raw of raws) {
      const lead = checkSource({ utmSource: raw, referrerHost: 'news.example' }, () => 'home');
      if (!lead.ok) throw new Error(lead.message);
      expect(campaignSource(campaignTag(raw)!)).toBe(sourceLabel(lead.source));
    }
  });

  it('is nothing when nothing but spaces and control characters is left', () => {
    expect(campaignTag(' \u0000\t ')).toBeNull();
    expect(campaignTag('')).toBeNull();
  });
});
