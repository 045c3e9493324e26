/**
 * Layout checks of a narrow screen, in the page: the lines a text wraps into (as the eye sees them:
 * glyphs clipped away by an ancestor are not on any line), and selects whose chosen option is cut.
 */
import type { Page } from 'playwright-core';

/** The lines of each element matched by `selector`, as the text seen on each, spaces trimmed. */
export function seenLines(page: Page, selector: string): Promise<string[][]> {
  return page.evaluate((sel) => {
    // The left and right edges an ancestor clips at: its box when its overflow is not visible; a
    // clip-path inset() (the dotted lists) at its box less the inset, none where the inset is negative.
    const clipEdges = (a: Element): [number, number] | null => {
      const style = getComputedStyle(a);
      const box = a.getBoundingClientRect();
      if (style.overflowX !== 'visible') return [box.left, box.right];
      const inset = /^inset\(([^)]*)\)$/.exec(style.clipPath);
      if (!inset) return null;
      const v = inset[1]!.split(' round ')[0]!.trim().split(/\s+/);
      const [, right = v[0]!, , left = right] = [v[0], v[1], v[2], v[3]];
      const edge = (value: string, at: number, sign: number) =>
        value.startsWith('-') ? sign * Number.POSITIVE_INFINITY : at + sign * -Number.parseFloat(value);
      return [edge(left, box.left, -1), edge(right, box.right, 1)];
    };
    const clipped = (el: Element, rect: DOMRect) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const edges = clipEdges(a);
        if (edges && (rect.right <= edges[0] + 0.5 || rect.left >= edges[1] - 0.5)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll(sel)].map((el) => {
      const lines: string[] = [];
      let line = '';
      let lastLeft = Number.NEGATIVE_INFINITY;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.nodeValue ?? '';
        for (let i = 0; i < text.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const rect = r.getBoundingClientRect();
          if (rect.width === 0 || clipped(n.parentElement!, rect)) continue;
          // Left to right: a glyph left of the one before starts the next line.
          if (rect.left < lastLeft - 1 && line.trim()) {
            lines.push(line.trim());
            line = '';
          }
          line += text[i];
          lastLeft = rect.left;
        }
        line += ' ';
      }
      if (line.trim()) lines.push(line.trim().replace(/\s+/g, ' '));
      return lines.map((l) => l.replace(/\s+/g, ' '));
    });
  }, selector);
}

/** Selects matched by `selector` whose chosen option's text is wider than the room the select gives it. */
export function cutSelects(page: Page, selector = 'select'): Promise<string[]> {
  return page.evaluate((sel) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLSelectElement>(sel)].flatMap((s) => {
      const style = getComputedStyle(s);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = s.selectedOptions[0]?.text ?? '';
      // The arrow takes about 1.25em on the right.
      const room = s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 1.25 * Number.parseFloat(style.fontSize);
      return canvas.measureText(text).width > room ? [`${text} (${Math.round(canvas.measureText(text).width)} px in ${Math.round(room)})`] : [];
    });
  }, selector);
}
