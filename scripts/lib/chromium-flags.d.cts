declare const chromiumFlags: string[];
export = chromiumFlags;
