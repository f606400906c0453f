import type { ContentImage } from '../../../../shared/contract/site/settings';
import buttons from '../../../components/ui/buttons.module.css';
import { useFieldContext } from './field-context';
import { FieldHint } from './field-hint';
import { ImageInput } from './image-input';
import { emptyOf, fieldId, isFixedList, isImage, itemLabel, nullableOf, type FieldPath, type SchemaNode } from './schema-node';
import { TextField } from './text-field';
import styles from './schema-form.module.css';

interface SchemaFieldProps {
  node: SchemaNode;
  path: FieldPath;
  value: unknown;
  /** The field's label when the schema gives none (a list item, a keyed page). */
  label?: string;
}

/** One field of a part's form, drawn from its schema: a group for an object or a list, an input for the rest. */
export function SchemaField({ node, path, value, label }: SchemaFieldProps) {
  const name = label ?? node.title ?? String(path.at(-1));
  const optional = nullableOf(node);
  if (optional && isImage(optional)) return <ImageInput node={node} path={path} value={value as ContentImage | null} label={name} optional />;
  if (isImage(node)) return <ImageInput node={node} path={path} value={value as ContentImage} label={name} optional={false} />;
  if (node.type === 'object') return <ObjectField node={node} path={path} value={value as Record<string, unknown>} label={name} />;
  if (node.type === 'array') return <ListField node={node} path={path} value={value as unknown[]} label={name} />;
  return <TextField node={node} path={path} value={value} label={name} />;
}

function ObjectField({ node, path, value, label }: { node: SchemaNode; path: FieldPath; value: Record<string, unknown>; label: string }) {
  const { part, problems } = useFieldContext();
  const id = fieldId(part, path);
  const fields = Object.entries(node.properties ?? {}).map(([key, child]) => {
    const childPath = [...path, key];
    // A set of pages keyed by address (the ten service pages): each folds away, so the form stays short.
    if (!child.title && child.type === 'object') {
      return (
        <details key={key} className={styles.page}>
          <summary>{pageName(key, valueOf(value, key))}</summary>
          <SchemaField node={child} path={childPath} value={valueOf(value, key)} label={pageName(key, valueOf(value, key))} />
        </details>
      );
    }
    return <SchemaField key={key} node={child} path={childPath} value={valueOf(value, key)} />;
  });
  if (path.length === 0) return <>{fields}</>;
  return (
    <fieldset id={id} tabIndex={-1} className={styles.group}>
      <legend>{label}</legend>
      <FieldHint id={id} description={node.description} problem={problems.get(id)} />
      {fields}
    </fieldset>
  );
}

const valueOf = (value: Record<string, unknown> | null | undefined, key: string) => value?.[key];

/** A keyed page's name: its title as the owner wrote it, and its address. */
function pageName(key: string, value: unknown): string {
  const title = (value as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title.trim() ? `${title.trim()} (/services/${key})` : `/services/${key}`;
}

function ListField({ node, path, value, label }: { node: SchemaNode; path: FieldPath; value: unknown[]; label: string }) {
  const { part, onChange, problems, disabled } = useFieldContext();
  const id = fieldId(part, path);
  const items = value ?? [];
  const item = node.items ?? {};
  const fixed = isFixedList(node);
  const single = itemLabel(node, 0).replace(/ 1$/, '').toLowerCase();

  return (
    <fieldset id={id} tabIndex={-1} className={styles.group}>
      <legend>{label}</legend>
      <FieldHint id={id} description={fixed ? `${node.description ? `${node.description} ` : ''}Always ${node.minItems}.` : node.description} problem={problems.get(id)} />
      <ol className={styles.list}>
        {items.map((entry, index) => (
          <li key={index}>
            <SchemaField node={item} path={[...path, index]} value={entry} label={itemLabel(node, index)} />
            {fixed ? null : (
              <button
                type="button"
                className={buttons.secondary}
                disabled={disabled || items.length <= (node.minItems ?? 0)}
                onClick={() => onChange(path, items.filter((_, at) => at !== index))}
              >
                Remove {itemLabel(node, index).toLowerCase()}
              </button>
            )}
          </li>
        ))}
      </ol>
      {fixed ? null : (
        <button
          type="button"
          className={buttons.secondary}
          disabled={disabled || items.length >= (node.maxItems ?? Infinity)}
          onClick={() => onChange(path, [...items, emptyOf(item)])}
        >
          Add {single}
        </button>
      )}
    </fieldset>
  );
}
