// Draws the site's illustrations and writes them to public/images: SVG for the flat artwork
// (crisp at any density, a few kilobytes each), WebP at two widths for the portfolio
// "screenshots", and the 1200×630 PNG share card that link previews show.
// Run with `node scripts/make-images.mjs` after changing the artwork; the output is committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/images');

const C = {
  brand: '#1d4ed8',
  brandMid: '#3b82f6',
  brandSoft: '#bfdbfe',
  sky: '#eff6ff',
  navy: '#0f1e3d',
  amber: '#f59e0b',
  amberSoft: '#fde68a',
  mint: '#10b981',
  mintSoft: '#d1fae5',
  rose: '#f43f5e',
  roseSoft: '#ffe4e6',
  violet: '#7c3aed',
  violetSoft: '#ede9fe',
  line: '#cbd5e1',
  slate: '#e2e8f0',
  slateDark: '#94a3b8',
  white: '#ffffff',
};

// ---------------------------------------------------------------- drawing helpers

const rect = (x, y, w, h, fill, r = 0, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const pathD = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d, color, width = 6, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const shadow = 'filter="url(#shadow)"';

/** Lines of "text": rounded bars of the given widths, one under the other. */
function textLines(x, y, widths, { height = 10, gap = 18, color = C.slate } = {}) {
  return widths.map((w, i) => rect(x, y + i * gap, w, height, color, height / 2)).join('');
}

/** A browser window with its address bar; `body` is drawn inside, in the window's coordinates. */
function browser(x, y, w, h, body = '', { bar = C.slate } = {}) {
  return (
    `<g transform="translate(${x} ${y})">` +
    rect(0, 0, w, h, C.white, 14, ` ${shadow}`) +
    `<path d="M0 14a14 14 0 0 1 14-14h${w - 28}a14 14 0 0 1 14 14v20H0z" fill="${bar}"/>` +
    circle(18, 17, 5, C.rose) +
    circle(34, 17, 5, C.amber) +
    circle(50, 17, 5, C.mint) +
    rect(70, 10, Math.min(w - 90, 260), 14, C.white, 7) +
    body +
    '</g>'
  );
}

/** A phone outline with a screen; `body` is drawn in screen coordinates. */
function phone(x, y, w, h, body = '') {
  return (
    `<g transform="translate(${x} ${y})">` +
    rect(0, 0, w, h, C.navy, 18, ` ${shadow}`) +
    rect(7, 14, w - 14, h - 28, C.white, 10) +
    rect(w / 2 - 14, 5, 28, 4, C.slateDark, 2) +
    `<g transform="translate(7 14)">${body}</g>` +
    '</g>'
  );
}

/** A round badge holding an icon, floating over the scene. */
function badge(cx, cy, r, fill, icon) {
  return `<g>${circle(cx, cy, r, fill, ` ${shadow}`)}<g transform="translate(${cx} ${cy})">${icon}</g></g>`;
}

const icons = {
  check: (c = C.white, s = 1) => stroke(`M${-14 * s} 0l${10 * s} ${10 * s} ${18 * s}-${20 * s}`, c, 7 * s),
  code: (c = C.white) => stroke('M-10-14l-14 14 14 14M10-14l14 14-14 14', c, 6) + stroke('M5-18l-10 36', c, 5),
  cart: (c = C.white) =>
    stroke('M-24-16h8l6 24h22l6-16h-30', c, 5) + circle(-6, 16, 4, c) + circle(10, 16, 4, c),
  star: (c = C.white) => pathD('M0-20l6 12 13 2-9.5 9 2.5 13L0 10l-12 6 2.5-13L-19-6l13-2z', c),
  shield: (c = C.white) => pathD('M0-24l20 8v10c0 14-9 24-20 28-11-4-20-14-20-28v-10z', c),
  bolt: (c = C.white) => pathD('M4-24l-18 28h12l-4 20 18-28H0z', c),
  lock: (c = C.white) => stroke('M-10-6v-8a10 10 0 0 1 20 0v8', c, 5) + rect(-16, -6, 32, 26, c, 5),
  gear: (c = C.white) => {
    const teeth = Array.from({ length: 8 }, (_, i) => `<rect x="-4" y="-22" width="8" height="10" rx="2" fill="${c}" transform="rotate(${i * 45})"/>`).join('');
    return teeth + circle(0, 0, 14, c) + circle(0, 0, 6, 'none', ` stroke="${C.brand}" stroke-width="0"`);
  },
  plug: (c = C.white) => stroke('M-8-22v10M8-22v10M-14-12h28v8a14 14 0 0 1-28 0zM0 10v14', c, 5),
};

/** Soft background with two colour fields, shared by every illustration. */
function backdrop(w, h, { tint = C.sky, blobA = C.brandSoft, blobB = C.amberSoft } = {}) {
  return (
    rect(0, 0, w, h, tint) +
    circle(w * 0.86, h * 0.18, h * 0.32, blobA, ' opacity="0.7"') +
    circle(w * 0.1, h * 0.92, h * 0.36, blobB, ' opacity="0.6"') +
    circle(w * 0.55, h * 1.05, h * 0.12, blobA, ' opacity="0.5"')
  );
}

function svg(w, h, content) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    '<defs><filter id="shadow" x="-20%" y="-20%" width="140%" height="150%">' +
    '<feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#0f1e3d" flood-opacity="0.14"/></filter></defs>' +
    content +
    '</svg>'
  );
}

// ---------------------------------------------------------------- illustrations (800×500)

const W = 800;
const H = 500;

/** An 800×500 illustration on the shared backdrop. */
const scene = (backdropOptions, content) => svg(W, H, backdrop(W, H, backdropOptions) + content);

const art = {
  'home-hero': () =>
    scene(
      {},
      browser(
          70,
          70,
          520,
          340,
          rect(24, 56, 472, 120, C.brand, 10) +
            textLines(48, 84, [220, 160], { color: C.white, height: 14, gap: 26 }) +
            rect(48, 136, 96, 24, C.amber, 12) +
            rect(24, 194, 148, 120, C.sky, 10) +
            rect(186, 194, 148, 120, C.mintSoft, 10) +
            rect(348, 194, 148, 120, C.amberSoft, 10) +
            circle(98, 232, 18, C.brandMid) +
            circle(260, 232, 18, C.mint) +
            circle(422, 232, 18, C.amber) +
            textLines(50, 266, [96, 70], { gap: 18 }) +
            textLines(212, 266, [96, 70], { gap: 18 }) +
            textLines(374, 266, [96, 70], { gap: 18 }),
        ) +
        phone(
          560,
          150,
          150,
          290,
          rect(8, 10, 122, 70, C.brand, 8) +
            textLines(18, 26, [80, 56], { color: C.white, height: 8, gap: 14 }) +
            rect(18, 58, 40, 12, C.amber, 6) +
            rect(8, 92, 122, 56, C.sky, 8) +
            rect(8, 158, 122, 56, C.mintSoft, 8) +
            textLines(18, 106, [70, 50], { height: 7, gap: 13 }) +
            textLines(18, 172, [70, 50], { height: 7, gap: 13 }),
        ) +
        badge(640, 92, 40, C.mint, icons.check()) +
        `<g transform="translate(30 330)">${rect(0, 0, 170, 110, C.white, 14, ` ${shadow}`)}` +
        rect(20, 70, 18, 22, C.brandSoft, 3) +
        rect(48, 52, 18, 40, C.brandMid, 3) +
        rect(76, 38, 18, 54, C.brand, 3) +
        rect(104, 22, 18, 70, C.amber, 3) +
        textLines(20, 16, [60], { height: 8 }) +
        '</g>',
    ),

  'expertise-web-development': () =>
    scene(
      {},
      browser(
          90,
          60,
          620,
          380,
          rect(20, 50, 250, 310, C.navy, 10) +
            textLines(40, 74, [90, 150, 120, 70], { color: C.brandMid, gap: 24 }) +
            textLines(64, 170, [120, 90, 150], { color: C.amber, gap: 24 }) +
            textLines(40, 250, [110, 170, 60], { color: C.mint, gap: 24 }) +
            rect(290, 50, 310, 70, C.brand, 10) +
            textLines(312, 72, [150, 100], { color: C.white, height: 10, gap: 20 }) +
            rect(290, 136, 150, 110, C.sky, 10) +
            rect(450, 136, 150, 110, C.amberSoft, 10) +
            textLines(308, 266, [250, 210, 230, 160], { gap: 22 }),
        ) +
        badge(690, 100, 46, C.amber, icons.code()),
    ),

  'expertise-e-commerce': () =>
    scene(
      { blobB: C.mintSoft },
      browser(
          80,
          60,
          600,
          380,
          [0, 1, 2]
            .map((i) => {
              const x = 24 + i * 190;
              const tones = [
                [C.amberSoft, C.amber],
                [C.mintSoft, C.mint],
                [C.roseSoft, C.rose],
              ][i];
              return (
                rect(x, 56, 172, 300, C.white, 12, ` stroke="${C.slate}" stroke-width="2"`) +
                rect(x + 12, 68, 148, 130, tones[0], 10) +
                circle(x + 86, 133, 38, tones[1]) +
                textLines(x + 16, 214, [120, 80], { gap: 22 }) +
                rect(x + 16, 262, 56, 16, C.navy, 8) +
                rect(x + 16, 300, 140, 38, C.brand, 19)
              );
            })
            .join(''),
        ) +
        badge(680, 110, 48, C.brand, icons.cart()) +
        `<g transform="translate(560 330) rotate(-8)">${rect(0, 0, 190, 118, C.navy, 14, ` ${shadow}`)}` +
        rect(20, 26, 36, 26, C.amber, 5) +
        textLines(20, 74, [150], { color: C.slateDark, height: 10 }) +
        textLines(20, 94, [70], { color: C.slateDark, height: 8 }) +
        '</g>',
    ),

  'expertise-seo': () =>
    scene(
      { blobA: C.mintSoft },
      browser(
          80,
          60,
          560,
          380,
          rect(40, 56, 480, 44, C.white, 22, ` stroke="${C.line}" stroke-width="2"`) +
            circle(68, 78, 9, 'none', ` stroke="${C.brand}" stroke-width="4"`) +
            stroke('M75 85l9 9', C.brand, 4) +
            textLines(92, 73, [200], { height: 10 }) +
            rect(30, 120, 500, 84, C.amberSoft, 12) +
            textLines(50, 138, [220], { color: C.brand, height: 14 }) +
            textLines(50, 164, [400, 300], { color: C.white, height: 9, gap: 16 }) +
            textLines(50, 226, [200], { color: C.brandMid, height: 12 }) +
            textLines(50, 250, [420, 320], { height: 9, gap: 16 }) +
            textLines(50, 300, [180], { color: C.brandMid, height: 12 }) +
            textLines(50, 324, [400, 260], { height: 9, gap: 16 }),
        ) +
        badge(470, 182, 30, C.amber, icons.star()) +
        `<g transform="translate(560 250)">${rect(0, 0, 200, 170, C.white, 16, ` ${shadow}`)}` +
        rect(26, 110, 24, 36, C.brandSoft, 4) +
        rect(64, 86, 24, 60, C.brandMid, 4) +
        rect(102, 62, 24, 84, C.brand, 4) +
        rect(140, 34, 24, 112, C.mint, 4) +
        stroke('M30 80 70 58l40-10 50-28', C.amber, 5) +
        pathD('M150 10l20 8-16 14z', C.amber) +
        '</g>',
    ),

  'expertise-maintenance-support': () =>
    scene(
      { blobB: C.mintSoft },
      browser(
          80,
          60,
          580,
          380,
          rect(24, 56, 340, 180, C.sky, 12) +
            stroke('M44 200 90 170l40 14 44-60 44 30 46-40 40 20 46-58', C.brand, 5) +
            rect(380, 56, 176, 84, C.mintSoft, 12) +
            circle(414, 98, 18, C.mint) +
            `<g transform="translate(414 98)">${icons.check(C.white, 0.6)}</g>` +
            textLines(442, 86, [90, 60], { color: C.white, height: 9, gap: 18 }) +
            rect(380, 152, 176, 84, C.amberSoft, 12) +
            textLines(400, 176, [120, 90, 110], { color: C.white, height: 9, gap: 16 }) +
            [0, 1, 2]
              .map(
                (i) =>
                  circle(44, 274 + i * 34, 11, C.mint) +
                  `<g transform="translate(44 ${274 + i * 34})">${icons.check(C.white, 0.4)}</g>` +
                  textLines(66, 269 + i * 34, [[260, 200, 230][i]], { height: 10 }),
              )
              .join(''),
        ) +
        badge(680, 110, 50, C.mint, icons.shield(C.white) + `<g transform="translate(0 2)">${icons.check(C.mint, 0.6)}</g>`) +
        badge(660, 380, 42, C.brand, icons.gear()),
    ),

  'service-api': () =>
    scene(
      { blobA: C.violetSoft },
      `<g>${rect(80, 120, 220, 260, C.white, 18, ` ${shadow}`)}` +
        rect(100, 140, 180, 40, C.brand, 10) +
        textLines(104, 200, [150, 120, 160, 90, 140], { gap: 28, color: C.slate }) +
        '</g>' +
        `<g>${rect(500, 120, 220, 260, C.navy, 18, ` ${shadow}`)}` +
        textLines(524, 150, [30], { color: C.amber, height: 12 }) +
        textLines(548, 180, [120, 90, 140, 110], { color: C.brandMid, gap: 30 }) +
        textLines(548, 300, [80], { color: C.mint }) +
        textLines(524, 334, [30], { color: C.amber, height: 12 }) +
        '</g>' +
        stroke('M310 200h180', C.brand, 6, ' stroke-dasharray="2 16"') +
        pathD('M478 186l24 14-24 14z', C.brand) +
        stroke('M490 300H310', C.amber, 6, ' stroke-dasharray="2 16"') +
        pathD('M322 286l-24 14 24 14z', C.amber) +
        badge(400, 250, 38, C.violet, icons.plug()),
    ),

  'service-database': () => {
    const cylinder = (cx, top, rx, ry, h, fill, side) =>
      `<path d="M${cx - rx} ${top}v${h}a${rx} ${ry} 0 0 0 ${rx * 2} 0v-${h}" fill="${side}"/>` +
      `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
    return scene(
      {},
      `<g ${shadow}>` +
        cylinder(240, 330, 130, 36, 70, C.brandMid, C.brand) +
        cylinder(240, 240, 130, 36, 70, C.brandMid, C.brand) +
        cylinder(240, 150, 130, 36, 70, C.brandSoft, C.brandMid) +
        '</g>' +
        `<g transform="translate(440 110)">${rect(0, 0, 290, 260, C.white, 16, ` ${shadow}`)}` +
        rect(0, 0, 290, 50, C.navy, 16) +
        rect(0, 30, 290, 20, C.navy) +
        [0, 1, 2, 3]
          .map((i) => rect(20, 68 + i * 46, 250, 30, i % 2 ? C.white : C.sky, 6) + textLines(32, 78 + i * 46, [60], { color: C.slateDark }) + textLines(130, 78 + i * 46, [110], { color: C.line }))
          .join('') +
        '</g>' +
        badge(700, 110, 38, C.amber, icons.bolt()),
    );
  },

  'service-fullstack': () =>
    scene(
      {},
      [
          { y: 70, fill: C.white, accent: C.brand, label: [180, 120] },
          { y: 200, fill: C.white, accent: C.violet, label: [150, 200] },
          { y: 330, fill: C.white, accent: C.mint, label: [200, 140] },
        ]
          .map(
            ({ y, fill, accent, label }, i) =>
              `<g transform="translate(${160 + i * 30} ${y})">` +
              rect(0, 0, 460, 100, fill, 16, ` ${shadow}`) +
              rect(0, 0, 14, 100, accent, 7) +
              rect(36, 26, 48, 48, accent, 12) +
              textLines(104, 32, label, { gap: 24, height: 12 }) +
              '</g>',
          )
          .join('') +
        `<g transform="translate(220 120) scale(0.6)">${icons.code()}</g>` +
        `<g transform="translate(250 250) scale(0.6)">${icons.gear(C.white)}</g>` +
        `<g transform="translate(280 380) scale(0.6)">${icons.bolt()}</g>` +
        stroke('M700 120v260', C.amber, 6, ' stroke-dasharray="2 14"') +
        badge(700, 250, 36, C.amber, icons.check(C.white, 0.8)),
    ),

  'service-performance': () =>
    scene(
      { blobA: C.mintSoft },
      `<g transform="translate(400 330)">` +
        circle(0, 0, 230, C.white, ` ${shadow}`) +
        stroke('M-180 0a180 180 0 0 1 60-134', C.rose, 28) +
        stroke('M-104 -147a180 180 0 0 1 128-30', C.amber, 28) +
        stroke('M58 -170a180 180 0 0 1 122 170', C.mint, 28) +
        stroke('M0 0 118 -112', C.navy, 12) +
        circle(0, 0, 22, C.navy) +
        textLines(-70, 60, [140], { height: 18, color: C.brand }) +
        '</g>' +
        rect(0, 440, W, 60, C.sky) +
        badge(660, 110, 44, C.amber, icons.bolt()),
    ),

  'service-security': () =>
    scene(
      { blobB: C.mintSoft },
      browser(
          70,
          80,
          420,
          320,
          rect(30, 60, 360, 44, C.mintSoft, 22) +
            `<g transform="translate(56 82) scale(0.5)">${icons.lock(C.mint)}</g>` +
            textLines(84, 76, [220], { color: C.white, height: 12 }) +
            textLines(30, 130, [300, 250, 330, 200], { gap: 26 }) +
            rect(30, 240, 160, 44, C.brand, 22),
        ) +
        `<g ${shadow}><g transform="translate(590 250) scale(5.6)">${icons.shield(C.brand)}</g></g>` +
        `<g transform="translate(590 262) scale(2.6)">${icons.lock(C.white)}</g>` +
        circle(590, 282, 10, C.brand),
    ),

  'service-uiux': () =>
    scene(
      { blobA: C.violetSoft, blobB: C.roseSoft },
      browser(
          60,
          70,
          460,
          330,
          rect(24, 54, 412, 90, C.violet, 10) +
            textLines(48, 78, [180, 120], { color: C.white, height: 12, gap: 24 }) +
            rect(24, 160, 198, 150, C.violetSoft, 10) +
            rect(238, 160, 198, 150, C.roseSoft, 10) +
            rect(48, 250, 90, 30, C.violet, 15),
        ) +
        phone(
          560,
          130,
          140,
          270,
          rect(8, 10, 112, 60, C.violet, 8) +
            rect(8, 80, 112, 70, C.violetSoft, 8) +
            rect(8, 160, 112, 50, C.roseSoft, 8) +
            rect(20, 132, 50, 12, C.violet, 6),
        ) +
        [C.violet, C.rose, C.amber, C.mint].map((c, i) => circle(600 + i * 40, 450, 14, c, ` ${shadow}`)).join('') +
        pathD('M470 300l38 100 12-40 40-12z', C.navy, ` ${shadow}`),
    ),

  'about-studio': () =>
    scene(
      {},
      rect(0, 400, W, 100, C.brandSoft) +
        rect(80, 392, 640, 16, C.navy, 8) +
        // Laptop
        rect(250, 180, 300, 200, C.navy, 14, ` ${shadow}`) +
        rect(264, 194, 272, 172, C.white, 6) +
        rect(278, 208, 244, 44, C.brand, 6) +
        textLines(292, 222, [120], { color: C.white, height: 10 }) +
        rect(278, 264, 116, 88, C.sky, 6) +
        rect(406, 264, 116, 88, C.amberSoft, 6) +
        pathD('M210 380h380l-20 14H230z', C.slateDark) +
        // Mug
        rect(600, 330, 50, 62, C.amber, 8) +
        stroke('M650 345h10a12 12 0 0 1 0 24h-10', C.amber, 7) +
        stroke('M614 300c-8 10 8 16 0 26M632 300c-8 10 8 16 0 26', C.slateDark, 4) +
        // Plant
        rect(130, 330, 64, 62, C.white, 10, ` ${shadow}`) +
        pathD('M162 330c-30-20-40-60-20-90 20 20 26 60 20 90z', C.mint) +
        pathD('M162 330c20-30 50-40 70-30-10 24-40 36-70 30z', C.mint) +
        pathD('M162 330c-28-10-56-4-70 14 24 12 50 6 70-14z', C.mint) +
        // Sticky notes
        rect(590, 120, 80, 80, C.amberSoft, 6, ` ${shadow} transform="rotate(6 630 160)"`) +
        rect(110, 130, 80, 80, C.mintSoft, 6, ` ${shadow} transform="rotate(-8 150 170)"`) +
        textLines(124, 154, [50, 40], { color: C.white, height: 8, gap: 16 }),
    ),
};

// ---------------------------------------------------------------- portfolio "screenshots" (800×600)

const portfolio = {
  'portfolio-harbourline-bakery': () => {
    const cream = '#fdf6ec';
    const brown = '#7c2d12';
    const coral = '#ea580c';
    return svg(
      800,
      600,
      rect(0, 0, 800, 600, cream) +
        rect(0, 0, 800, 70, C.white) +
        circle(50, 35, 16, coral) +
        textLines(78, 28, [120], { color: brown, height: 14 }) +
        [470, 540, 610].map((x) => rect(x, 30, 52, 10, C.line, 5)).join('') +
        rect(680, 20, 90, 32, coral, 16) +
        rect(40, 110, 340, 30, brown, 8) +
        rect(40, 152, 280, 30, brown, 8) +
        textLines(40, 210, [320, 290, 250], { color: '#e7d8c4', height: 12, gap: 22 }) +
        rect(40, 290, 150, 48, coral, 24) +
        circle(590, 230, 150, '#fed7aa') +
        pathD('M480 250c0-60 50-96 110-96s110 36 110 96c0 20-20 30-40 30H520c-20 0-40-10-40-30z', '#c2410c') +
        stroke('M540 190l14 40M590 176v48M640 190l-14 40', '#fdba74', 8) +
        [0, 1, 2]
          .map(
            (i) =>
              rect(40 + i * 250, 410, 220, 160, C.white, 14) +
              circle(100 + i * 250, 470, 34, ['#fed7aa', '#fecaca', '#fde68a'][i]) +
              textLines(150 + i * 250, 450, [80, 60], { color: '#e7d8c4', height: 10, gap: 20 }) +
              rect(64 + i * 250, 524, 70, 22, brown, 11),
          )
          .join(''),
    );
  },

  'portfolio-northfield-physio': () => {
    const teal = '#0f766e';
    const tealSoft = '#ccfbf1';
    return svg(
      800,
      600,
      rect(0, 0, 800, 600, C.white) +
        rect(0, 0, 800, 70, teal) +
        rect(40, 22, 26, 26, C.white, 6) +
        textLines(80, 28, [130], { color: tealSoft, height: 14 }) +
        textLines(500, 30, [50], { color: tealSoft }) +
        textLines(570, 30, [50], { color: tealSoft }) +
        rect(660, 18, 110, 34, C.amber, 17) +
        rect(0, 70, 800, 280, tealSoft) +
        rect(40, 120, 360, 28, teal, 8) +
        rect(40, 160, 300, 28, teal, 8) +
        textLines(40, 216, [330, 300], { color: '#5eead4', height: 12, gap: 22 }) +
        rect(40, 276, 170, 46, teal, 23) +
        rect(226, 276, 130, 46, C.white, 23) +
        rect(450, 100, 300, 220, C.white, 16) +
        circle(600, 180, 44, '#99f6e4') +
        pathD('M556 290c0-40 20-62 44-62s44 22 44 62z', '#5eead4') +
        textLines(490, 120, [60], { color: C.slate }) +
        [0, 1, 2, 3]
          .map(
            (i) =>
              circle(110 + i * 190, 420, 34, tealSoft) +
              circle(110 + i * 190, 420, 14, teal) +
              textLines(60 + i * 190, 472, [100, 80, 90], { color: C.slate, height: 10, gap: 20 }),
          )
          .join(''),
    );
  },

  // Placeholders: a wireframe on paper, the honest picture of work not yet public.
  'portfolio-coming-soon-shop': () =>
    svg(
      800,
      600,
      rect(0, 0, 800, 600, '#f8fafc') +
        `<g fill="none" stroke="${C.slateDark}" stroke-width="3" stroke-dasharray="10 8">` +
        '<rect x="40" y="30" width="720" height="60" rx="8"/>' +
        '<rect x="40" y="120" width="720" height="180" rx="10"/>' +
        '<path d="M40 120l720 180M760 120 40 300"/>' +
        [0, 1, 2, 3].map((i) => `<rect x="${40 + i * 185}" y="330" width="165" height="230" rx="10"/>`).join('') +
        '</g>' +
        [0, 1, 2, 3].map((i) => textLines(60 + i * 185, 490, [110, 70], { color: C.line, height: 10, gap: 22 })).join('') +
        badge(400, 210, 48, C.brand, icons.cart()),
    ),

  'portfolio-coming-soon-booking': () =>
    svg(
      800,
      600,
      rect(0, 0, 800, 600, '#f8fafc') +
        `<g fill="none" stroke="${C.slateDark}" stroke-width="3" stroke-dasharray="10 8">` +
        '<rect x="40" y="30" width="720" height="60" rx="8"/>' +
        '<rect x="40" y="120" width="330" height="440" rx="10"/>' +
        '<rect x="400" y="120" width="360" height="440" rx="10"/>' +
        '</g>' +
        textLines(70, 160, [220, 180, 250, 160, 210, 190], { color: C.line, height: 12, gap: 34 }) +
        Array.from({ length: 20 }, (_, i) =>
          rect(430 + (i % 5) * 64, 170 + Math.floor(i / 5) * 64, 48, 48, i === 8 ? C.brandSoft : C.white, 8, ` stroke="${C.line}" stroke-width="2"`),
        ).join('') +
        rect(430, 460, 300, 56, C.slate, 28) +
        badge(580, 350, 40, C.amber, icons.check(C.white, 0.8)),
    ),
};

// ---------------------------------------------------------------- write

fs.mkdirSync(out, { recursive: true });
const written = [];

for (const [name, draw] of Object.entries(art)) {
  const file = path.join(out, `${name}.svg`);
  fs.writeFileSync(file, draw());
  written.push(file);
}

for (const [name, draw] of Object.entries(portfolio)) {
  const source = Buffer.from(draw());
  for (const width of [400, 800]) {
    const file = path.join(out, `${name}-${width}.webp`);
    await sharp(source, { density: 72 * (width / 800) * 2 })
      .resize(width)
      .webp({ quality: 78, effort: 6 })
      .toFile(file);
    written.push(file);
  }
}

for (const file of written) console.log(`${path.relative(root, file)}  ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
