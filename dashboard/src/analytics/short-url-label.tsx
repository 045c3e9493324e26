/** A link's short URL as a row's name: the host cut to what the row leaves beside the whole path (short-url-fit.ts). */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { cutHost } from './short-url-fit';

let canvas: CanvasRenderingContext2D | null = null;
/** The width `text` takes in `el`'s font. */
function measurer(el: HTMLElement): (text: string) => number {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return () => 0;
  const c = canvas;
  c.font = getComputedStyle(el).font;
  return (text) => c.measureText(text).width;
}

/** The room the row's button leaves its label (its width inside the padding). */
function room(el: HTMLElement): number {
  const box = el.parentElement;
  if (!box) return 0;
  const s = getComputedStyle(box);
  return box.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
}

/**
 * The host stays whole in the text (what the row's name says, for screen readers and voice
 * control), its box cut to the width of the start kept, and the ellipsis drawn after it, hidden
 * from assistive technology: no blank between the cut and the path.
 */
export function ShortUrlLabel({ host, path }: { host: string; path: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [kept, setKept] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const refit = () => {
      const measure = measurer(el);
      // A pixel of slack: canvas and layout round text widths apart.
      const shown = cutHost(host, path, Math.floor(room(el)) - 1, measure);
      setKept(shown === host ? null : Math.ceil(measure(shown.slice(0, -1))));
    };
    refit();
    const watch = new ResizeObserver(refit);
    watch.observe(el.parentElement ?? el);
    return () => watch.disconnect();
  }, [host, path]);
  return (
    <span class="share-label split" ref={ref}>
      <span class="share-host" style={kept === null ? undefined : { width: `${kept}px` }}>
        {host}
      </span>
      {kept === null ? null : (
        <span class="share-cut" aria-hidden="true">
          …
        </span>
      )}
      <span class="share-path">{path}</span>
    </span>
  );
}
