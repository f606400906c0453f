// What part of a built chunk some sources make, compressed: the code the chunk's source map
// attributes to them, cut out of the minified file and brotli-compressed on its own. Compressed
// apart from its neighbours it is an upper bound of what those sources add to the chunk on the
// wire. The bundle check holds the insights beacon, which travels inside the app's chunk, to its
// own budget this way.
import fs from 'node:fs';
import zlib from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one source-map segment (Base64 VLQ, as the Source Map v3 format writes them). */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Brotli bytes of the generated code of `file` (with `file`.map beside it) whose source matches `isShare`. */
export function compressedShare(file, isShare) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
  const pieces = [];
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments = line === '' ? [] : line.split(',').map(decodeSegment);
    segments.forEach((fields, position) => {
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      const end = position + 1 < segments.length ? column + segments[position + 1][0] : text.length;
      if (fields.length > 1 && isShare(map.sources[source])) pieces.push(text.slice(column, end));
    });
  });
  if (pieces.length === 0) return 0;
  return zlib.brotliCompressSync(pieces.join(''), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}
