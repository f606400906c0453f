import { forwardRef } from 'react';
import type { SiteProblem } from '../../../shared/contract/site/api';
import type { SitePart } from '../../../shared/contract/site/parts';
import { describePath } from './site-parts';
import { fieldId } from './schema-form/schema-node';
import styles from './site-editor.module.css';

interface ProblemSummaryProps {
  message: string;
  problems: readonly SiteProblem[];
  /** Opens the field's part and moves the focus to it. */
  onGo: (part: SitePart, id: string) => void;
}

/** Every field the publish checks refused, each a link to the field. */
export const ProblemSummary = forwardRef<HTMLDivElement, ProblemSummaryProps>(function ProblemSummary({ message, problems, onGo }, ref) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="site-problems-heading" className={styles.problems}>
      <h2 id="site-problems-heading">{message}</h2>
      <ul>
        {problems.map(({ path, message: what }) => {
          const [part, ...fields] = path.split('.') as [SitePart, ...string[]];
          const id = fieldId(part, fields);
          return (
            <li key={path}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onGo(part, id);
                }}
              >
                {describePath(part, fields)}: {what}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
