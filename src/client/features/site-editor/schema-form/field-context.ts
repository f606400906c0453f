import { createContext, useContext } from 'react';
import type { FieldPath } from './schema-node';

/** What every field of a part's form shares: the part, the change handler and the failing fields. */
export interface FieldContextValue {
  part: string;
  onChange: (path: FieldPath, value: unknown) => void;
  /** The publish checks' messages by field id (shown once the owner tried to publish). */
  problems: ReadonlyMap<string, string>;
  disabled: boolean;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

export function useFieldContext(): FieldContextValue {
  const value = useContext(FieldContext);
  if (!value) throw new Error('A site field is drawn inside its part form only.');
  return value;
}
