import { useId, useState } from 'react';
import type { CaseStudyCard } from '../../../shared/contract/case-studies';
import { ErrorMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import forms from '../../components/forms/form.module.css';
import buttons from '../../components/ui/buttons.module.css';
import { useSetFeaturedMutation } from './admin-case-studies-api';
import styles from './case-studies-admin.module.css';

const EMPTY = '';

/**
 * The four tiles of the home and portfolio grids, in order: a case study for each, or the
 * placeholder. A draft may hold a slot; visitors see the placeholder there until it is published.
 */
export function FeaturedSlots({
  caseStudies,
  featured,
  onSaved,
}: {
  caseStudies: readonly CaseStudyCard[];
  featured: readonly (string | null)[];
  /** Told once the choice is saved: the list is read again then, and this form made afresh from it. */
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const [slots, setSlots] = useState<string[]>(() => featured.map((slot) => slot ?? EMPTY));
  const [save, saving] = useSetFeaturedMutation();
  const [error, setError] = useState<string | null>(null);
  const chosen = (index: number, value: string) => {
    // A case study holds one slot: choosing it here empties the slot it held.
    setSlots((current) => current.map((slot, at) => (at === index ? value : slot === value ? EMPTY : slot)));
  };
  const move = (index: number, by: -1 | 1) => {
    setSlots((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  };
  const submit = async () => {
    setError(null);
    try {
      await save(slots.map((slot) => slot || null)).unwrap();
      onSaved('Featured case studies saved. The home and portfolio pages show them now.');
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The featured case studies could not be saved.'));
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className={styles.featured}>
      <h2 id={`${id}-heading`}>Featured on the home and portfolio pages</h2>
      <p className={forms.hint}>Four tiles, in this order. An empty tile shows “Case study coming soon”; so does a draft until it is published.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ol className={styles.slots}>
          {slots.map((slot, index) => (
            <li key={index} className={styles.slot}>
              <div className={forms.field}>
                <label htmlFor={`${id}-slot-${index}`}>Tile {index + 1}</label>
                <select id={`${id}-slot-${index}`} value={slot} onChange={(event) => chosen(index, event.target.value)}>
                  <option value={EMPTY}>Empty: “Case study coming soon”</option>
                  {caseStudies.map((study) => (
                    <option key={study.id} value={study.id}>
                      {study.title}
                      {study.status === 'draft' ? ' (draft)' : ''}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.moves}>
                <button type="button" className={buttons.secondary} disabled={index === 0} onClick={() => move(index, -1)}>
                  Up<span className="visually-hidden">: tile {index + 1} to tile {index}</span>
                </button>
                <button type="button" className={buttons.secondary} disabled={index === slots.length - 1} onClick={() => move(index, 1)}>
                  Down<span className="visually-hidden">: tile {index + 1} to tile {index + 2}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className={buttons.primary} disabled={saving.isLoading}>
          Save featured
        </button>
      </form>
    </section>
  );
}
