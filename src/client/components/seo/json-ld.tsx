import type { Thing, WithContext } from 'schema-dts';
import { serializeForScript } from '../../lib/state-script';

/**
 * One schema.org object as JSON-LD, typed by schema-dts so that a misspelt property fails the
 * build. Serialised so that no text of it can close the script element.
 */
export function JsonLd<T extends Thing>({ data }: { data: WithContext<T> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}
