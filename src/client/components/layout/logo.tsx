import { useSiteSettings } from '../../lib/site-content/site-content-api';

/** The agency's mark and name; decorative inside a link that names the destination. */
export function Logo({ className }: { className?: string }) {
  const { shortName } = useSiteSettings();
  return (
    <span className={className}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 8v16h14v-3.5H13V8z" fill="var(--color-surface, #fff)" />
        <circle cx="22" cy="11" r="3" fill="var(--color-accent, #f59e0b)" />
      </svg>
      <span>{shortName}</span>
    </span>
  );
}
