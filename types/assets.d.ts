declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
/** A small SVG as a data: URL, in the bundle itself (webpack.config.js). */
declare module '*.svg?inline' {
  const dataUrl: string;
  export default dataUrl;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
