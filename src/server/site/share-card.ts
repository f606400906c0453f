import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { escapeHtml } from '../../shared/text/escape-html';

/**
 * Where the drawn card is served: link previews show it while Settings have no share image. The
 * second is the address the pages have always named, so that links shared before keep a picture.
 */
const SHARE_CARD_PATHS = ['/share-card.png', '/images/share-card.png'];

const WIDTH = 1200;
const HEIGHT = 630;
const FONT = `font-family="'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"`;
/** Room for text: the card's width less its margins. */
const TEXT_WIDTH = 1040;
/** A bold sans-serif letter is about this share of its size wide; close enough to fit a line. */
const BOLD_LETTER = 0.58;
const LETTER = 0.5;

/** Words put on lines of at most `max` letters; at most `lines` lines, the last cut with "…". */
function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.map((each) => (each.length > max ? `${each.slice(0, max - 1)}…` : each));
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, max - 1)}…`;
  return kept;
}

/** The card's SVG: the site's name large, its tagline under it, in the site's colours and mark. */
function shareCardSvg(name: string, tagline: string): string {
  const nameSize = Math.max(48, Math.min(76, Math.floor(TEXT_WIDTH / (BOLD_LETTER * Math.max(name.length, 1)))));
  const nameLines = wrap(name, Math.floor(TEXT_WIDTH / (BOLD_LETTER * nameSize)), 2);
  const taglineLines = wrap(tagline, Math.floor(TEXT_WIDTH / (LETTER * 40)), 2);
  const nameTop = 330 - (nameLines.length - 1) * nameSize;
  const text = (x: number, y: number, size: number, fill: string, line: string, bold = false) =>
    `<text x="${x}" y="${y}" ${FONT} font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${fill}">${escapeHtml(line)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f1e3d"/>` +
    '<circle cx="1080" cy="80" r="260" fill="#1d4ed8" opacity="0.55"/><circle cx="140" cy="640" r="200" fill="#1d4ed8" opacity="0.35"/>' +
    '<g transform="translate(80 90) scale(3)"><rect width="32" height="32" rx="8" fill="#ffffff"/><path d="M9 8v16h14v-3.5H13V8z" fill="#1d4ed8"/><circle cx="22" cy="11" r="3" fill="#f59e0b"/></g>' +
    nameLines.map((line, index) => text(80, nameTop + index * nameSize * 1.1, nameSize, '#ffffff', line, true)).join('') +
    taglineLines.map((line, index) => text(80, 420 + index * 52, 40, '#cbd5e1', line)).join('') +
    '</svg>'
  );
}

/**
 * `GET /share-card.png`: the card drawn from the live Settings' name and tagline, made once per
 * pair (a publication that changes either makes the next request draw it again) and kept.
 */
export function shareCardRoute(app: FastifyInstance): void {
  let held: { key: string; png: Promise<Buffer> } | undefined;
  const answer = async (_request: FastifyRequest, reply: FastifyReply) => {
    const { name, tagline } = (await app.site.published.read()).content.settings;
    const key = JSON.stringify([name, tagline]);
    if (held?.key !== key) {
      const png = sharp(Buffer.from(shareCardSvg(name, tagline))).png({ compressionLevel: 9, palette: true }).toBuffer();
      held = { key, png };
      png.catch(() => {
        if (held?.png === png) held = undefined;
      });
    }
    // Short-lived: a renamed site's previews show the new card within minutes.
    return reply.type('image/png').header('Cache-Control', 'public, max-age=300').send(await held.png);
  };
  for (const path of SHARE_CARD_PATHS) app.get(path, answer);
}
