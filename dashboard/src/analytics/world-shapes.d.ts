/** Made at build time by dashboard/build/world-shapes.ts: country outlines as SVG paths. */
declare module 'virtual:world-shapes' {
  export const WIDTH: number;
  export const HEIGHT: number;
  /** code: ISO 3166-1 alpha-2, '' for a shape without one. */
  export const SHAPES: { code: string; d: string }[];
}
