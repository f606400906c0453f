import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial';
import * as publishing from './002-publishing';
import * as tagsSearch from './003-tags-search';
import * as contactMessages from './004-contact-messages';
import * as signInFactors from './005-sign-in-factors';
import * as insights from './006-insights';
import * as postFields from './007-post-fields';
import * as storedHtml from './008-stored-html';
import * as imageSizes from './009-image-sizes';
import * as signIn from './010-sign-in';
import * as insightVitals from './011-insight-vitals';
import * as siteContent from './012-site-content';
import * as caseStudies from './013-case-studies';
import * as backupRuns from './016-backup-runs';
import * as leads from './018-leads';
import * as bookings from './017-bookings';
import * as newsletter from './015-newsletter';
import * as movingIn from './014-moving-in';
import * as newsletterClaims from './020-newsletter-claims';
import * as backupLeases from './021-backup-leases';
import * as visitSources from './022-visit-sources';
import * as confirmationQueue from './023-confirmation-queue';
import * as pagedRecipients from './024-paged-recipients';
import * as confirmedById from './025-confirmed-by-id';

/**
 * Every migration, in order. Listed here rather than read from a folder, so that they travel
 * inside the server bundle. Never edit one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-publishing': publishing,
  '003-tags-search': tagsSearch,
  '004-contact-messages': contactMessages,
  '005-sign-in-factors': signInFactors,
  '006-insights': insights,
  '007-post-fields': postFields,
  '008-stored-html': storedHtml,
  '009-image-sizes': imageSizes,
  '010-sign-in': signIn,
  '011-insight-vitals': insightVitals,
  '012-site-content': siteContent,
  '013-case-studies': caseStudies,
  '018-leads': leads,
  '017-bookings': bookings,
  '015-newsletter': newsletter,
  '014-moving-in': movingIn,
  '016-backup-runs': backupRuns,
  '020-newsletter-claims': newsletterClaims,
  '021-backup-leases': backupLeases,
  '022-visit-sources': visitSources,
  '023-confirmation-queue': confirmationQueue,
  '024-paged-recipients': pagedRecipients,
  '025-confirmed-by-id': confirmedById,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
