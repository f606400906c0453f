import forms from '../../../components/forms/form.module.css';
import messages from '../../../components/forms/form-messages.module.css';

/** The schema's description, without its markdown code marks. */
const plain = (text: string) => text.replaceAll('`', '');

/** What a field's input is described by: its hint and, after a publish attempt, what fails. */
export function describedBy(id: string, description: string | undefined, problem: string | undefined): string | undefined {
  const ids = [description ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldHint({ id, description, problem }: { id: string; description: string | undefined; problem: string | undefined }) {
  return (
    <>
      {description ? (
        <p id={`${id}-hint`} className={forms.hint}>
          {plain(description)}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className={messages.error}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
