import type { ReactNode } from 'react';
import type { FormatAction } from './format-markdown';
import styles from './format-toolbar.module.css';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Three rows, each a marker then a line of text. */
function ListRows({ marker }: { marker: (y: number, index: number) => ReactNode }) {
  return (
    <Svg>
      {[6, 12, 18].map((y, index) => (
        <g key={y}>
          {marker(y, index)}
          <line x1="10" y1={y} x2="21" y2={y} {...stroke} />
        </g>
      ))}
    </Svg>
  );
}

/** 1, 2 and 3 as paths under 6 units tall (the rows are 6 apart), centred on x 4.6 and line y. */
const DIGITS: ((y: number) => string)[] = [
  (y) => `M3.7 ${y - 1.6} L5 ${y - 2.8} L5 ${y + 2.8}`,
  (y) => `M3.2 ${y - 1.6} Q4.6 ${y - 3.8} 6 ${y - 1.6} L3.2 ${y + 2.8} L6.2 ${y + 2.8}`,
  (y) => `M3.2 ${y - 2.8} L6 ${y - 2.8} L4.4 ${y - 0.4} Q6.6 ${y} 5.8 ${y + 1.8} Q4.6 ${y + 3.6} 3.2 ${y + 2.4}`,
];

/** What a toolbar button shows; the button's label names it. */
export function ActionIcon({ action }: { action: FormatAction }) {
  switch (action) {
    case 'bold':
      return <span className={styles.glyphBold} aria-hidden="true">B</span>;
    case 'italic':
      return <span className={styles.glyphItalic} aria-hidden="true">I</span>;
    case 'heading':
      return <span className={styles.glyph} aria-hidden="true">H</span>;
    case 'link':
      return (
        <Svg>
          <rect x="3.5" y="12" width="11" height="6" rx="3" transform="rotate(-45 9 15)" {...stroke} />
          <rect x="9.5" y="6" width="11" height="6" rx="3" transform="rotate(-45 15 9)" {...stroke} />
        </Svg>
      );
    case 'bulletList':
      return <ListRows marker={(y) => <circle cx="4.5" cy={y} r="1.6" fill="currentColor" />} />;
    case 'numberedList':
      return (
        <ListRows
          // Digits drawn as strokes, not as SVG text: text would count as the button's visible
          // words, which its name ("Numbered list") must contain (WCAG 2.5.3 Label in Name).
          marker={(y, index) => <path d={DIGITS[index % DIGITS.length]!(y)} fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round" />}
        />
      );
    case 'quote':
      return (
        <Svg>
          <line x1="4" y1="5" x2="4" y2="19" {...stroke} strokeWidth={3} />
          <line x1="9" y1="8" x2="20" y2="8" {...stroke} />
          <line x1="9" y1="12" x2="20" y2="12" {...stroke} />
          <line x1="9" y1="16" x2="16" y2="16" {...stroke} />
        </Svg>
      );
    case 'code':
      return (
        <Svg>
          <polyline points="8,6 2.5,12 8,18" {...stroke} />
          <polyline points="16,6 21.5,12 16,18" {...stroke} />
        </Svg>
      );
  }
}
