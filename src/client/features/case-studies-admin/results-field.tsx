import { useId } from 'react';
import { MAX_RESULTS } from '../../../shared/case-studies';
import type { CaseStudyResult } from '../../../shared/contract/case-studies';
import forms from '../../components/forms/form.module.css';
import buttons from '../../components/ui/buttons.module.css';
import styles from './case-studies-admin.module.css';

/** The results as label and value pairs ("Phone orders" · "Halved"), at most eight. */
export function ResultsField({ results, onChange, disabled }: { results: readonly CaseStudyResult[]; onChange: (results: CaseStudyResult[]) => void; disabled?: boolean }) {
  const id = useId();
  const set = (index: number, change: Partial<CaseStudyResult>) => onChange(results.map((result, at) => (at === index ? { ...result, ...change } : result)));
  return (
    <fieldset className={styles.group}>
      <legend>Results</legend>
      <p className={forms.hint}>What changed for the client, each as a label and a value, such as “Phone orders” and “Halved”.</p>
      {results.map((result, index) => (
        <fieldset key={index} className={styles.result}>
          <legend>Result {index + 1}</legend>
          <div className={forms.field}>
            <label htmlFor={`${id}-${index}-label`}>Label</label>
            <input id={`${id}-${index}-label`} maxLength={60} value={result.label} disabled={disabled} onChange={(event) => set(index, { label: event.target.value })} />
          </div>
          <div className={forms.field}>
            <label htmlFor={`${id}-${index}-value`}>Value</label>
            <input id={`${id}-${index}-value`} maxLength={40} value={result.value} disabled={disabled} onChange={(event) => set(index, { value: event.target.value })} />
          </div>
          <button type="button" className={buttons.secondary} disabled={disabled} onClick={() => onChange(results.filter((_, at) => at !== index))}>
            Remove<span className="visually-hidden"> result {index + 1}</span>
          </button>
        </fieldset>
      ))}
      {results.length < MAX_RESULTS ? (
        <button type="button" className={buttons.secondary} disabled={disabled} onClick={() => onChange([...results, { label: '', value: '' }])}>
          Add a result
        </button>
      ) : null}
    </fieldset>
  );
}
