import { toolOrSkip } from './required-tools';

/** Debian's Chromium, which the browser tests drive (no browser download); CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when Chromium is installed. */
export const chromiumMissing = () => toolOrSkip('Chromium', CHROMIUM_PATH, 'apt-get install chromium');
