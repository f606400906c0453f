import forms from '../../../components/forms/form.module.css';
import { describedBy, FieldHint } from './field-hint';
import { useFieldContext } from './field-context';
import { MarkdownInput } from './markdown-input';
import { fieldId, isMarkdown, isMultiline, type FieldPath, type SchemaNode } from './schema-node';

interface TextFieldProps {
  node: SchemaNode;
  path: FieldPath;
  value: unknown;
  label: string;
}

/** A text, number, choice or yes/no field, labelled with its schema title. */
export function TextField({ node, path, value, label }: TextFieldProps) {
  const { part, onChange, problems, disabled } = useFieldContext();
  const id = fieldId(part, path);
  const problem = problems.get(id);
  const common = { id, disabled, 'aria-describedby': describedBy(id, node.description, problem), 'aria-invalid': problem ? true : undefined };

  if (node.type === 'boolean') {
    return (
      <div className={forms.field}>
        <label>
          <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(path, event.target.checked)} /> {label}
        </label>
        <FieldHint id={id} description={node.description} problem={problem} />
      </div>
    );
  }

  let input;
  if (node.enum) {
    input = (
      <select {...common} value={String(value)} onChange={(event) => onChange(path, event.target.value)}>
        {node.enum.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (node.type === 'number' || node.type === 'integer') {
    input = (
      <input
        {...common}
        type="number"
        inputMode="decimal"
        required
        step={node.type === 'integer' ? 1 : 0.01}
        min={node.minimum}
        max={node.maximum}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(path, event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
    );
  } else if (isMarkdown(node)) {
    input = <MarkdownInput {...common} maxLength={node.maxLength} value={String(value ?? '')} onChange={(text) => onChange(path, text)} />;
  } else if (isMultiline(node)) {
    input = <textarea {...common} rows={3} maxLength={node.maxLength} value={String(value ?? '')} onChange={(event) => onChange(path, event.target.value)} />;
  } else {
    input = <input {...common} type="text" maxLength={node.maxLength} value={String(value ?? '')} onChange={(event) => onChange(path, event.target.value)} />;
  }

  return (
    <div className={forms.field}>
      <label htmlFor={id}>{label}</label>
      {input}
      <FieldHint id={id} description={node.description} problem={problem} />
    </div>
  );
}
