// Types for the two font packages that ship none, limited to what cli/lib/font-weights.ts calls.
declare module 'fontverter' {
  const fontverter: {
    convert(font: Buffer, format: 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
  };
  export default fontverter;
}

declare module 'subset-font' {
  type AxisRange = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string | undefined,
    options: {
      keepAllGlyphs?: boolean;
      targetFormat?: 'truetype' | 'woff' | 'woff2';
      variationAxes?: Record<string, AxisRange>;
    },
  ): Promise<Buffer>;
}
