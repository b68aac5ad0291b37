/** The gap between a stop's dot and its label, and the least room kept between a label and the map's edge. */
const GAP = 12;
const EDGE = 6;

export type LabelPlace = { x: number; anchor: 'start' | 'end' };

/**
 * Where a stop's label goes: on the side it prefers when it fits there, else on the side where it
 * fits; on a map too narrow for either, pushed in from the edge it would cross. So a label near the
 * map's edge (the destination, on a phone) is never cut off.
 */
export function placeLabel(x: number, textWidth: number, mapWidth: number, preferLeft: boolean): LabelPlace {
  const fitsRight = x + GAP + textWidth <= mapWidth - EDGE;
  const fitsLeft = x - GAP - textWidth >= EDGE;
  if (preferLeft ? fitsLeft || !fitsRight : !fitsRight && fitsLeft) {
    return fitsLeft ? { x: x - GAP, anchor: 'end' } : { x: Math.min(mapWidth - EDGE, EDGE + textWidth), anchor: 'end' };
  }
  return fitsRight ? { x: x + GAP, anchor: 'start' } : { x: Math.max(EDGE, mapWidth - EDGE - textWidth), anchor: 'start' };
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** A label's width in pixels in the map's font, measured by the browser (an estimate where it cannot). */
export function textWidth(text: string, fontSize: number, fontWeight: number, fontFamily: string): number {
  if (canvas === undefined) canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * fontSize * 0.62;
  canvas.font = `${fontWeight} ${fontSize}px ${fontFamily}`;
  // The white halo (stroke 4) adds 2 px each side.
  return canvas.measureText(text).width + 4;
}
