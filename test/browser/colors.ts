/**
 * Colours as a visitor sees them: any CSS colour (oklch, color-mix …) painted to sRGB, WCAG
 * luminance and contrast, and the background actually behind an element.
 */
const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;

/** Any CSS colour as sRGB bytes, by painting it. */
export function rgb(color: string): [number, number, number] {
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = '#000';
  paint.fillStyle = color;
  paint.fillRect(0, 0, 1, 1);
  const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!];
}

export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

function alphaOf(color: string): number {
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = '#000';
  paint.fillStyle = color;
  paint.fillRect(0, 0, 1, 1);
  return paint.getImageData(0, 0, 1, 1).data[3]! / 255;
}

/** The parent, or the shadow host for the top of a shadow tree. */
function parentOf(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The colour behind `el`'s content: its own background and its ancestors' (up through shadow
 * hosts to the page) down to the first opaque one, composited, on the white canvas when none is
 * opaque. Background images are not considered.
 */
export function effectiveBackground(el: Element): string {
  const layers: string[] = [];
  for (let node: Element | null = el; node; node = parentOf(node)) {
    const bg = getComputedStyle(node).backgroundColor;
    const a = alphaOf(bg);
    if (a === 0) continue;
    layers.push(bg);
    if (a === 1) break;
  }
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = '#fff';
  paint.fillRect(0, 0, 1, 1);
  for (const layer of layers.reverse()) {
    paint.fillStyle = layer;
    paint.fillRect(0, 0, 1, 1);
  }
  const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
  return `rgb(${r}, ${g}, ${b})`;
}
