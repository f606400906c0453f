import { useId } from 'react';
import { MAX_DESCRIPTION_LENGTH, MAX_IMAGE_ALT_LENGTH } from '../../../../shared/constants';
import { CharacterCounter } from './character-counter';
import fieldGroup from '../field-group.module.css';
import forms from '../../../components/forms/form.module.css';

export interface ShareFieldsProps {
  description: string;
  imageAlt: string;
  onChange: (change: { description?: string; imageAlt?: string }) => void;
  disabled?: boolean;
}

/**
 * The post's search and share fields with their counters. Going over a limit is shown, not
 * prevented (no maxlength): a pasted text is not cut behind the owner's back, and the server
 * refuses it with a message naming the field.
 */
export function ShareFields({ description, imageAlt, onChange, disabled }: ShareFieldsProps) {
  const id = useId();
  return (
    <fieldset className={fieldGroup.group} disabled={disabled}>
      <legend>Search and sharing</legend>
      <div className={forms.field}>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          value={description}
          aria-describedby={`${id}-description-hint ${id}-description-count`}
          aria-invalid={[...description].length > MAX_DESCRIPTION_LENGTH ? true : undefined}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <p id={`${id}-description-hint`} className={forms.hint}>
          What the post is about, for search results and shared links. Left empty, the first words of the body serve.
        </p>
        <CharacterCounter id={`${id}-description-count`} text={description} limit={MAX_DESCRIPTION_LENGTH} />
      </div>
      <div className={forms.field}>
        <label htmlFor={`${id}-image-alt`}>Image alt text</label>
        <input
          id={`${id}-image-alt`}
          name="imageAlt"
          value={imageAlt}
          aria-describedby={`${id}-image-alt-hint ${id}-image-alt-count`}
          aria-invalid={[...imageAlt].length > MAX_IMAGE_ALT_LENGTH ? true : undefined}
          onChange={(event) => onChange({ imageAlt: event.target.value })}
        />
        <p id={`${id}-image-alt-hint`} className={forms.hint}>
          What the post’s image shows, for people who cannot see it.
        </p>
        <CharacterCounter id={`${id}-image-alt-count`} text={imageAlt} limit={MAX_IMAGE_ALT_LENGTH} />
      </div>
    </fieldset>
  );
}
